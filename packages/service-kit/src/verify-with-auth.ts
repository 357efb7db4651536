import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, UnauthorizedError } from './errors.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/**
 * Asks the auth service's GET /api/admin/verify (`verifyUrl`) whether the token is still good.
 * Resolves on 200; throws UnauthorizedError on 401 and ServiceUnavailableError for any other
 * answer, a timeout or no answer: a token is never passed because auth could not be asked.
 */
export async function verifyWithAuth(verifyUrl: string, token: string, timeoutMs: number, requestId?: string): Promise<void> {
  let status: number;
  try {
    const res = await fetch(verifyUrl, {
      headers: { authorization: `Bearer ${token}`, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
  }
  if (status === 401) throw new UnauthorizedError(API_MESSAGES.unauthorized);
  if (status !== 200) throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
}
