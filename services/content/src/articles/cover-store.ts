import type { UploadedFile } from '@coinmag/service-kit';
import { HttpError, ServiceUnavailableError } from '@coinmag/service-kit';

/** Where a cover sent with an article goes; returns the URL to store as featured_image. */
export interface CoverStore {
  store(file: UploadedFile, context: { token: string; requestId: string }): Promise<string>;
}

const MEDIA_DOWN = '圖片服務暫時無法使用，請稍後再試';

/** Hands the cover to the media service (which checks it by its bytes and makes the variants). */
export class MediaServiceCoverStore implements CoverStore {
  constructor(private readonly mediaUrl: string) {}

  async store(file: UploadedFile, { token, requestId }: { token: string; requestId: string }): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(file.data)], { type: file.mimeType || 'application/octet-stream' }), file.filename || 'cover');
    let res: Response;
    try {
      res = await fetch(new URL('/api/uploads/image', this.mediaUrl), {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
        signal: AbortSignal.timeout(120_000),
      });
    } catch {
      throw new ServiceUnavailableError(MEDIA_DOWN);
    }
    const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
    if (res.ok && typeof body.url === 'string') return body.url;
    if (res.status >= 500) throw new ServiceUnavailableError(body.error ?? MEDIA_DOWN);
    throw new HttpError(res.status, body.error ?? '圖片上傳失敗', 'featured_image');
  }
}
