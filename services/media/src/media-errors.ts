import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, ValidationError } from '@coinmag/service-kit';
import { ImageRejectedError, type RejectReason } from './images/image-pipeline.js';
import { QueueFullError } from './images/work-queue.js';
import { StorageUnavailableError } from './storage/object-storage.js';

export const MEDIA_MESSAGES = {
  storageDown: '圖片儲存服務暫時無法使用，請稍後再試',
  storageUp: '圖片上傳服務正常',
  busy: '圖片處理忙碌中，請稍後再試',
  tooManyPixels: '圖片解析度過高（上限 1 億像素），請使用解析度較低的圖片',
  corrupt: '圖片檔案已損毀或不完整',
  noFile: '請選擇圖片檔案',
  imageNotFound: '找不到圖片',
} as const;

const REJECTIONS: Record<RejectReason, string> = {
  'not-image': API_MESSAGES.onlyImages,
  'too-many-pixels': MEDIA_MESSAGES.tooManyPixels,
  corrupt: MEDIA_MESSAGES.corrupt,
};

/** Turns the media domain's errors into the service kit's HTTP errors (the error middleware writes them). */
export function mediaErrors(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof ImageRejectedError) throw new ValidationError('image', REJECTIONS[err.reason]);
      if (err instanceof StorageUnavailableError) {
        ctx.state.log?.warn({ err: (err.cause as Error | undefined)?.message }, 'object storage unavailable');
        throw new ServiceUnavailableError(MEDIA_MESSAGES.storageDown);
      }
      if (err instanceof QueueFullError) throw new ServiceUnavailableError(MEDIA_MESSAGES.busy);
      throw err;
    }
  };
}
