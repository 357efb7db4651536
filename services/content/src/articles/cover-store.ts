import { ServiceUnavailableError, type UploadedFile } from '@coinmag/service-kit';
import { uploadImageToMedia } from '../outbound/media-client.js';

export interface CoverContext {
  token: string;
  requestId: string;
  /** The admin's address, recorded by the media service with the upload. */
  ip?: string | null;
}

/** Where a cover sent with an article goes; returns the URL to store as featured_image. */
export interface CoverStore {
  store(file: UploadedFile, context: CoverContext): Promise<string>;
}

const MEDIA_DOWN = '圖片服務暫時無法使用，請稍後再試';

/** Hands the cover to the media service, which checks it by its bytes and makes the variants. */
export class MediaServiceCoverStore implements CoverStore {
  constructor(private readonly mediaUrl: string) {}

  /** The media service records the upload in the audit log (as a cover) before it answers. */
  async store(file: UploadedFile, { token, requestId, ip }: CoverContext): Promise<string> {
    try {
      const uploaded = await uploadImageToMedia({ mediaUrl: this.mediaUrl, token, requestId, clientIp: ip, purpose: 'cover', field: 'featured_image', file: { data: file.data, filename: file.filename, mimeType: file.mimeType } });
      return uploaded.url;
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw new ServiceUnavailableError(MEDIA_DOWN);
      throw err;
    }
  }
}
