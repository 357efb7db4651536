import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'koa';
import { preferredEncoding } from '../cache/encodings.js';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Encoded {
  br?: Buffer;
  gzip?: Buffer;
}

type Encoding = keyof Encoded;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** Compresses in zlib's thread pool, so the event loop keeps serving meanwhile. */
function compress(body: Buffer, encoding: Encoding, maxQuality: boolean): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: maxQuality ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: maxQuality ? 9 : 6 });
}

/** Brotli and gzip forms of a file that is compressed once and kept (maximum quality). */
export async function encodeBoth(body: Buffer): Promise<Encoded> {
  if (body.length < 512) return {};
  const [br, gz] = await Promise.all([compress(body, 'br', true), compress(body, 'gzip', true)]);
  return { br, gzip: gz };
}

/** Brotli whenever the client accepts it: browsers list it after gzip, and Koa's negotiation would keep their order. */
function acceptedEncoding(ctx: Context): Encoding | undefined {
  return preferredEncoding(ctx.get('Accept-Encoding') || undefined);
}

/** Sets the body in the best of the kept encodings the client accepts. */
export function sendEncoded(ctx: Context, body: Buffer, encoded: Encoded): void {
  ctx.vary('Accept-Encoding');
  const encoding = acceptedEncoding(ctx);
  const compressed = encoding ? encoded[encoding] : undefined;
  if (encoding && compressed) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = compressed;
  } else {
    ctx.body = body;
  }
}

/** A body made for one request (the shell HTML): compressed only into the encoding this client gets. */
export async function sendCompressedOnce(ctx: Context, body: Buffer): Promise<void> {
  ctx.vary('Accept-Encoding');
  const encoding = body.length < 512 ? undefined : acceptedEncoding(ctx);
  if (!encoding) {
    ctx.body = body;
    return;
  }
  ctx.set('Content-Encoding', encoding);
  ctx.body = await compress(body, encoding, false);
}
