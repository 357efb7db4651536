import { randomBytes } from 'node:crypto';

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
 */
export const CSP_NONCE_PLACEHOLDER = '__COINMAG_CSP_NONCE__';
export const CSP_NONCE_ATTRIBUTE = `nonce="${CSP_NONCE_PLACEHOLDER}"`;

export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Writes the nonce into every `nonce="<placeholder>"`. Only the attribute form is replaced, so
 * the placeholder quoted in page text (HTML-escaped there) never turns into a valid nonce.
 */
export function fillCspNonce(html: string, nonce: string): string {
  return html.replaceAll(CSP_NONCE_ATTRIBUTE, `nonce="${nonce}"`);
}

/** Gives every `<script>` and `<style>` start tag of a trusted template the placeholder nonce. */
export function markTemplateNonces(html: string): string {
  return html.replace(/<(script|style)\b(?![^>]*\bnonce=)/gi, `<$1 ${CSP_NONCE_ATTRIBUTE}`);
}
