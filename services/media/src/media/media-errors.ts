import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, ValidationError } from '@coinmag/service-kit';
import { ImageRejectedError, type RejectReason } from '../images/image-pipeline.js';
import { QueueFullError } from '../images/work-queue.js';
import { StorageUnavailableError } from '../storage/object-storage.js';

export const MEDIA_MESSAGES = {
  storageDown: '圖片儲存服務暫時無法使用，請稍後再試',
  storageUp: '圖片上傳服務正常',
  busy: '圖片處理忙碌中，請稍後再試',
  tooManyPixels: '圖片解析度過高（上限 1 億像素，長寬各不超過 16,384 像素），請使用解析度較低的圖片',
  corrupt: '圖片檔案已損毀或不完整',
  tooManyFrames: '動畫圖片的影格過多（上限 100 格、合計 2,500 萬像素），請減少影格或縮小尺寸',
  tooSlow: '圖片處理逾時（上限 20 秒），請使用尺寸較小或較簡單的圖片',
  noFile: '請選擇圖片檔案',
  imageNotFound: '找不到圖片',
} as const;

/** A full lane empties in about this long (a job takes well under a second). */
const BUSY_RETRY_AFTER_SECONDS = 5;

const REJECTIONS: Record<RejectReason, string> = {
  'not-image': API_MESSAGES.onlyImages,
  'too-many-pixels': MEDIA_MESSAGES.tooManyPixels,
  'too-many-frames': MEDIA_MESSAGES.tooManyFrames,
  'too-slow': MEDIA_MESSAGES.tooSlow,
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
      if (err instanceof QueueFullError) throw new ServiceUnavailableError(MEDIA_MESSAGES.busy, BUSY_RETRY_AFTER_SECONDS);
      throw err;
    }
  };
}
