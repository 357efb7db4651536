import { randomBytes, randomFillSync } from 'node:crypto';

declare module 'koa' {
  interface DefaultState {
    /** This response's Content-Security-Policy nonce (base64, 128 bits); set for every page request. */
    cspNonce?: string;
  }
}

/**
 * What a cached or templated HTML body carries where the nonce goes: `<script nonce="…">`.
 * Cache the body with the placeholder and call fillCspNonce per response (before compressing);
 * the policy sent with the page names only the nonce written into it.
 *
 * The placeholder is drawn at random when the process starts and never leaves it (every body is
 * filled before it is sent), so author text, settings and ad code cannot carry it: the live nonce
 * lands only in the slots the gateway's own template and head wrote.
 */
export const CSP_NONCE_PLACEHOLDER = `__COINMAG_CSP_NONCE_${randomBytes(16).toString('hex')}__`;
export const CSP_NONCE_ATTRIBUTE = `nonce="${CSP_NONCE_PLACEHOLDER}"`;

/** Random bytes drawn for 256 nonces at a time: one call into the CSPRNG per page view was 4% of the gateway's CPU on cached pages. */
const NONCE_BYTES = 16;
const randomPool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = randomPool.length;

export function newCspNonce(): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return randomPool.toString('base64', poolOffset - NONCE_BYTES, poolOffset);
}

/**
 * Writes the nonce into every `nonce="<placeholder>"`. Only the attribute form is replaced, so
 * the placeholder quoted in page text (HTML-escaped there) never turns into a valid nonce.
 */
export function fillCspNonce(html: string, nonce: string): string {
  return html.replaceAll(CSP_NONCE_ATTRIBUTE, `nonce="${nonce}"`);
}

const ATTRIBUTE_BYTES = Buffer.from(CSP_NONCE_ATTRIBUTE);
/** A cached page's bytes cut at each placeholder, once per cached body. */
const segmentsOf = new WeakMap<Buffer, Buffer[]>();

/**
 * fillCspNonce on bytes, for a page kept in the cache: the body is cut at its placeholders once,
 * and each response is those pieces joined around its own nonce (a copy, no decoding and
 * re-encoding of the whole page per request).
 */
export function fillCspNonceBytes(page: Buffer, nonce: string): Buffer {
  let segments = segmentsOf.get(page);
  if (!segments) {
    segments = [];
    let from = 0;
    for (let at = page.indexOf(ATTRIBUTE_BYTES); at !== -1; at = page.indexOf(ATTRIBUTE_BYTES, from)) {
      segments.push(page.subarray(from, at));
      from = at + ATTRIBUTE_BYTES.length;
    }
    segments.push(page.subarray(from));
    segmentsOf.set(page, segments);
  }
  if (segments.length === 1) return page;
  const attribute = Buffer.from(`nonce="${nonce}"`);
  const parts: Buffer[] = [segments[0]!];
  for (let i = 1; i < segments.length; i += 1) parts.push(attribute, segments[i]!);
  return Buffer.concat(parts);
}

/** Gives every `<script>` and `<style>` start tag of a trusted template the placeholder nonce. */
export function markTemplateNonces(html: string): string {
  return html.replace(/<(script|style)\b(?![^>]*\bnonce=)/gi, `<$1 ${CSP_NONCE_ATTRIBUTE}`);
}
