/** Headers every response carries, whatever served it (see edge/edge-headers.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-DNS-Prefetch-Control': 'off',
};
const ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Of SECURITY_HEADERS, those that only mean something on a document (framing, the referrer of its
 * links, its features, its window group, its DNS prefetching). A script, stylesheet or font never
 * becomes a document (nosniff and its type see to that), so it goes without them: about 300 bytes
 * on each of the dozen files a page loads.
 */
export const DOCUMENT_ONLY_HEADERS = ['X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy', 'X-DNS-Prefetch-Control'] as const;

/** Set on ctx.state by what answers with a script, stylesheet or font: no document policy is added. */
export const SUBRESOURCE_STATE = 'subresource';

/** Takes the document-only headers off a script, stylesheet or font answer (see DOCUMENT_ONLY_HEADERS). */
export function answerAsSubresource(ctx: { res: { removeHeader(name: string): void }; state: Record<string, unknown> }): void {
  for (const name of DOCUMENT_ONLY_HEADERS) ctx.res.removeHeader(name);
  ctx.state[SUBRESOURCE_STATE] = true;
}

/** Puts SECURITY_HEADERS on a response. */
export function setSecurityHeaders(res: { setHeader(name: string, value: string): unknown; removeHeader(name: string): void }): void {
  for (const [name, value] of ENTRIES) res.setHeader(name, value);
  res.removeHeader('X-Powered-By');
}
