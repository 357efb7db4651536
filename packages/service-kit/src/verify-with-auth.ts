import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, UnauthorizedError } from './errors.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/** Attempts at most: an auth replica stopping during a rolling update refuses or closes a connection. */
const ATTEMPTS = 3;
const PAUSE_MS = 100;

/**
 * Asks the auth service's GET /api/admin/verify (`verifyUrl`) whether the token is still good.
 * Resolves on 200; throws UnauthorizedError on 401 and ServiceUnavailableError for any other
 * answer, a timeout or no answer: a token is never passed because auth could not be asked.
 * The question has no side effect, so a connection that failed (a replica stopping or killed:
 * its name still answers with its address for a moment) or a 503 (a replica draining) is asked
 * again, twice at most, within the same `timeoutMs`.
 */
export async function verifyWithAuth(verifyUrl: string, token: string, timeoutMs: number, requestId?: string): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  let status = 0;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const res = await fetch(verifyUrl, {
        headers: { authorization: `Bearer ${token}`, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
        signal,
      });
      status = res.status;
      await res.body?.cancel();
    } catch {
      status = 0;
      if (signal.aborted) break;
    }
    if (status !== 0 && status !== 503) break;
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  if (status === 200) return;
  if (status === 401) throw new UnauthorizedError(API_MESSAGES.unauthorized);
  throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
}
