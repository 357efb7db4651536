import { ServiceUnavailableError, uploadImageToMedia, type UploadedFile } from '@coinmag/service-kit';

/** Where a cover sent with an article goes; returns the URL to store as featured_image. */
export interface CoverStore {
  store(file: UploadedFile, context: { token: string; requestId: string }): Promise<string>;
}

const MEDIA_DOWN = '圖片服務暫時無法使用，請稍後再試';

/** Hands the cover to the media service, which checks it by its bytes and makes the variants. */
export class MediaServiceCoverStore implements CoverStore {
  constructor(private readonly mediaUrl: string) {}

  async store(file: UploadedFile, { token, requestId }: { token: string; requestId: string }): Promise<string> {
    try {
      const uploaded = await uploadImageToMedia({ mediaUrl: this.mediaUrl, token, requestId, field: 'featured_image', file: { data: file.data, filename: file.filename, mimeType: file.mimeType } });
      return uploaded.url;
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw new ServiceUnavailableError(MEDIA_DOWN);
      throw err;
    }
  }
}
