import type { Context } from 'koa';
import { PayloadTooLargeError, ValidationError } from './errors.js';
import { assertSafeJson } from './text-guard.js';

const INVALID_JSON = '請求內容不是有效的 JSON';

/**
 * Reads a JSON body, refusing it with 413 as soon as it passes `maxBytes`, and with 400 when it
 * is not JSON, nests too deep or holds a character no field may hold (see text-guard.ts).
 */
export async function readJsonBody(ctx: Context, maxBytes = 256 * 1024): Promise<unknown> {
  if (!ctx.is('application/json')) throw new ValidationError(undefined, '請使用 application/json 傳送資料');
  const declared = Number(ctx.get('content-length'));
  if (declared > maxBytes) throw new PayloadTooLargeError('請求內容過大');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      ctx.req.destroy();
      throw new PayloadTooLargeError('請求內容過大');
    }
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ValidationError(undefined, INVALID_JSON);
  }
  assertSafeJson(body);
  return body;
}
