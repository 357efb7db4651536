import { describe, expect, it } from 'vitest';
import { CSP_NONCE_ATTRIBUTE } from '../csp/nonce.js';
import { deferScriptsUntilFirstImage } from './deferred-boot.js';

const TEMPLATE = `<html><head></head><body><div id="root"></div>
<script ${CSP_NONCE_ATTRIBUTE} defer src="/mf/shell/main.0123456789.js"></script>
<script ${CSP_NONCE_ATTRIBUTE} defer src="/mf/shell/other.0123456789.js"></script></body></html>`;

describe('scripts deferred until the first image has painted', () => {
  it('replaces the deferred script tags by one nonced starter that adds them in order, with the preloads', () => {
    const html = deferScriptsUntilFirstImage(TEMPLATE, ['/mf/public/remoteEntry.js?v=1', '/mf/shell/41.abcdef0123.js']);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).toContain(`<script ${CSP_NONCE_ATTRIBUTE}>`);
    expect(html).toContain('["/mf/shell/main.0123456789.js","/mf/shell/other.0123456789.js"]');
    expect(html).toContain('["/mf/public/remoteEntry.js?v=1","/mf/shell/41.abcdef0123.js"]');
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('cannot be closed early by a URL it carries', () => {
    const html = deferScriptsUntilFirstImage(TEMPLATE, ['/x.js?</script><script>alert(1)</script>']);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('leaves a page without deferred scripts as it is', () => {
    expect(deferScriptsUntilFirstImage('<body><script src="/a.js"></script></body>', ['/b.js'])).toBe('<body><script src="/a.js"></script></body>');
  });
});
