import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { PayloadTooLargeError, ValidationError } from './errors.js';
import { assertSafeJson } from './text-guard.js';

/** A request's body, refused with 413 as soon as it passes `maxBytes` (declared or sent). */
export async function readBoundedBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  if (declared > maxBytes) throw new PayloadTooLargeError(API_MESSAGES.bodyTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      ctx.req.destroy();
      throw new PayloadTooLargeError(API_MESSAGES.bodyTooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON body, refusing it with 413 as soon as it passes `maxBytes`, and with 400 when it
 * is not JSON, nests too deep or holds a character no field may hold (see text-guard.ts).
 */
export async function readJsonBody(ctx: Context, maxBytes = 256 * 1024): Promise<unknown> {
  if (!ctx.is('application/json')) throw new ValidationError(undefined, API_MESSAGES.jsonRequired);
  const raw = await readBoundedBody(ctx, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(undefined, API_MESSAGES.invalidJson);
  }
  assertSafeJson(body);
  return body;
}
