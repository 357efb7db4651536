import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than its headers cost. */
const MIN_COMPRESSIBLE_BYTES = 1024;
/** Largest body gzipped on the spot for the answer that fills the cache (~0.1 ms for 24 KB at level 1). */
const INLINE_MAX_BYTES = 64 * 1024;
/** Distinct Accept-Encoding values remembered; browsers send a handful. */
const PARSED_LIMIT = 64;
const parsed = new Map<string, Readonly<Record<Encoding, boolean>>>();
const NONE: Readonly<Record<Encoding, boolean>> = { br: false, gzip: false };

/** Which of our encodings the client accepts (q > 0). */
export function acceptedEncodings(acceptEncoding: string | undefined): Readonly<Record<Encoding, boolean>> {
  if (!acceptEncoding) return NONE;
  const known = parsed.get(acceptEncoding);
  if (known) return known;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const allows = (name: Encoding) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  const result = { br: allows('br'), gzip: allows('gzip') };
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(acceptEncoding, result);
  return result;
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it (q > 0); none otherwise. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : undefined;
}

/** Compresses in zlib's thread pool; quality chosen for bodies rebuilt after every edit. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/**
 * The body in the client's preferred encoding, compressed once and kept in `memo` (a form that
 * does not come out smaller is not used). Concurrent callers share one compression.
 */
export async function encodeOnce(
  body: Buffer,
  memo: Partial<Record<Encoding, Promise<Buffer | undefined>>>,
  acceptEncoding: string | undefined,
  settled?: Partial<Record<Encoding, Buffer | null>>,
): Promise<{ body: Buffer; encoding?: Encoding }> {
  const encoding = body.length < MIN_COMPRESSIBLE_BYTES ? undefined : preferredEncoding(acceptEncoding);
  if (!encoding) return { body };
  let pending = memo[encoding];
  if (!pending) {
    pending = compress(body, encoding).then(
      (out) => (out.length < body.length * 0.9 ? out : undefined),
      () => undefined,
    );
    memo[encoding] = pending;
    if (settled) void pending.then((out) => (settled[encoding] = out ?? null));
  }
  const compressed = await pending;
  return compressed ? { body: compressed, encoding } : { body };
}

/**
 * The same choice as encodeOnce without waiting: undefined while the form the client wants has
 * not been made yet (`settled` holds each finished form, null when it was not worth keeping).
 */
export function encodedIfReady(
  body: Buffer,
  settled: Partial<Record<Encoding, Buffer | null>>,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: Encoding } | undefined {
  const encoding = body.length < MIN_COMPRESSIBLE_BYTES ? undefined : preferredEncoding(acceptEncoding);
  if (!encoding) return { body };
  const compressed = settled[encoding];
  if (compressed === undefined) return undefined;
  return compressed ? { body: compressed, encoding } : { body };
}

/**
 * For the answer that fills the cache, when its kept form is not made yet: a level-1 gzip made
 * on the spot (small bodies, clients that accept gzip), so the miss does not wait on zlib's
 * thread pool, which a loaded machine can take tens of ms to schedule. Undefined otherwise.
 */
export function quickGzip(body: Buffer, acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding } | undefined {
  if (body.length < MIN_COMPRESSIBLE_BYTES || body.length > INLINE_MAX_BYTES || !acceptsGzip(acceptEncoding)) return undefined;
  const out = gzipSync(body, { level: 1 });
  return out.length < body.length * 0.9 ? { body: out, encoding: 'gzip' } : { body };
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || (Number(q.slice(2)) || 0) > 0) return true;
  }
  return false;
}
