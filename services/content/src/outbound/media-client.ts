import { API_MESSAGES, uploadResponseSchema, type UploadResponse } from '@coinmag/contracts';
import { HttpError, PayloadTooLargeError, REQUEST_ID_HEADER, ServiceUnavailableError, UnauthorizedError, ValidationError } from '@coinmag/service-kit';

export interface MediaUploadInput {
  /** Base URL of the media service (MEDIA_URL), e.g. http://127.0.0.1:4003. */
  mediaUrl: string;
  /** The admin's bearer token, passed through unchanged (or `authorization`, a service grant's header). */
  token?: string;
  /** A whole Authorization header instead of `token`: a service grant (service-grant.ts) for work that outlives the admin's token. */
  authorization?: string;
  file: { data: Buffer | Uint8Array; filename: string; mimeType: string };
  /** Carried on as x-request-id so one upload is one trail in the logs. */
  requestId?: string;
  /** Form field a 400 is reported against (the content service's cover field). */
  field?: string;
  timeoutMs?: number;
  /** What the image is for, recorded with the upload in the audit log (default 'content'). */
  purpose?: 'cover' | 'content';
  /**
   * The admin's address, sent as X-Forwarded-For: the media service (trusting one hop) then
   * records the admin's address with the upload instead of this service's.
   */
  clientIp?: string | null;
}

/**
 * Stores an image through the media service (multipart POST /api/uploads/image, field `image`)
 * and returns its `{url, filename, sizeMB, width, height, srcset}`. The media service's answers
 * become the service kit's errors with its text: 400 ValidationError, 401 UnauthorizedError,
 * 413 PayloadTooLargeError, 503 (or no answer) ServiceUnavailableError; anything else 502.
 */
export async function uploadImageToMedia({
  mediaUrl,
  token,
  authorization,
  file,
  requestId,
  field = 'featured_image',
  timeoutMs = 120_000,
  purpose = 'content',
  clientIp,
}: MediaUploadInput): Promise<UploadResponse> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('image', new Blob([new Uint8Array(file.data)], { type: file.mimeType || 'application/octet-stream' }), file.filename || 'image');
  const headers: Record<string, string> = { authorization: authorization ?? `Bearer ${token ?? ''}` };
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  if (clientIp) headers['x-forwarded-for'] = clientIp;

  let res: Response;
  try {
    res = await fetch(new URL('/api/uploads/image', mediaUrl), { method: 'POST', body: form, headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const parsed = uploadResponseSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(502, API_MESSAGES.badGateway);
    return parsed.data;
  }
  const error = typeof (body as { error?: unknown } | undefined)?.error === 'string' ? (body as { error: string }).error : undefined;
  switch (res.status) {
    case 400:
      throw new ValidationError(field, error ?? API_MESSAGES.onlyImages);
    case 401:
      throw new UnauthorizedError(error ?? API_MESSAGES.unauthorized);
    case 413:
      throw new PayloadTooLargeError(error ?? API_MESSAGES.payloadTooLarge);
    case 503:
      throw new ServiceUnavailableError(error ?? API_MESSAGES.serviceUnavailable);
    default:
      throw new HttpError(502, API_MESSAGES.badGateway);
  }
}
