import { describe, expect, it } from 'vitest';
import { CSP_NONCE_ATTRIBUTE, CSP_NONCE_PLACEHOLDER, fillCspNonce, fillCspNonceBytes, newCspNonce } from './nonce.js';

describe('filling the CSP nonce into a cached page', () => {
  const page = `<html><head><script ${CSP_NONCE_ATTRIBUTE}>a</script><style ${CSP_NONCE_ATTRIBUTE}></style></head>` +
    `<body><p>比特幣 ${CSP_NONCE_PLACEHOLDER} &quot;</p><script ${CSP_NONCE_ATTRIBUTE} src="/x.js"></script></body></html>`;

  it('writes the same bytes as the string form, for every response its own nonce', () => {
    const bytes = Buffer.from(page);
    for (const nonce of ['n0nce+AAA==', 'other/BBB==']) {
      expect(fillCspNonceBytes(bytes, nonce).toString()).toBe(fillCspNonce(page, nonce));
    }
    expect(fillCspNonceBytes(bytes, 'n0nce+AAA==').toString()).not.toContain(CSP_NONCE_ATTRIBUTE);
  });

  it('leaves the placeholder in page text alone and the cached body unchanged', () => {
    const bytes = Buffer.from(page);
    const filled = fillCspNonceBytes(bytes, 'xyz').toString();
    expect(filled).toContain(`比特幣 ${CSP_NONCE_PLACEHOLDER} &quot;`);
    expect(filled.match(/nonce="xyz"/g)).toHaveLength(3);
    expect(bytes.toString()).toBe(page);
  });

  it('answers a page without placeholders as it is', () => {
    const bytes = Buffer.from('<p>沒有腳本</p>');
    expect(fillCspNonceBytes(bytes, 'xyz')).toBe(bytes);
  });
});

describe('newCspNonce', () => {
  it('gives 128 random bits in base64, never the same twice across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, () => newCspNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
