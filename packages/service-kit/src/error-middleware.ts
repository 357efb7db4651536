import type { Middleware } from 'koa';
import { HttpError } from './errors.js';

const SERVER_ERROR = '伺服器錯誤，請稍後再試或聯繫管理員';
const NOT_FOUND = '找不到資源';

/** The one place failures become responses: `{"error": text}` with the right status, no stack. */
export function errorMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: NOT_FOUND };
      }
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = err.field ? { error: err.message, field: err.field } : { error: err.message };
        return;
      }
      const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
      if (status >= 400 && status < 500 && (err as { expose?: boolean }).expose) {
        ctx.status = status;
        ctx.body = { error: (err as Error).message };
        return;
      }
      ctx.state.log?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: SERVER_ERROR };
    }
  };
}
