import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

export interface Encoded {
  br?: Buffer;
  gzip?: Buffer;
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** Brotli and gzip forms of a body; `maxQuality` for files compressed once and kept, lower for per-request HTML. */
export function encode(body: Buffer, maxQuality: boolean): Encoded {
  if (body.length < 512) return {};
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: maxQuality ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: maxQuality ? 9 : 6 }),
  };
}

/** Sets the body in the best encoding the client accepts. */
export function sendEncoded(ctx: Context, body: Buffer, encoded: Encoded): void {
  ctx.vary('Accept-Encoding');
  const accepted = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (accepted === 'br' && encoded.br) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = encoded.br;
  } else if (accepted === 'gzip' && encoded.gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = encoded.gzip;
  } else {
    ctx.body = body;
  }
}
