import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { CSP_NONCE_PLACEHOLDER, DEFAULT_AD_HOSTS, fillCspNonce, markTemplateNonces } from '../src/csp/index.js';
import { serveFrontends } from '../src/frontends/serve-frontends.js';

const TEMPLATE =
  '<!doctype html><html><head><!--app-head--><style>body{margin:0}</style></head><body><div id="root"><!--app-boot--></div>' +
  '<script defer src="/mf/shell/main.0123456789.js"></script></body></html>';

let logLines: Array<Record<string, unknown>> = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });

let dir: string;
let content: Server;
let gateway: RunningServer;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coinmag-csp-'));
  await mkdir(join(dir, 'shell', 'dist'), { recursive: true });
  await writeFile(join(dir, 'shell', 'dist', 'index.html'), TEMPLATE);
  await writeFile(join(dir, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1);');
  await writeFile(join(dir, 'shell', 'dist', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  content = createServer((req, res) => {
    res.writeHead(req.url === '/api/settings' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/api/settings' ? { site_title: '幣誌', header_ad_script: '<script>x()</script>' } : { error: '找不到資源' }));
  });
  await new Promise<void>((done) => content.listen(0, '127.0.0.1', done));
  const contentUrl = `http://127.0.0.1:${(content.address() as AddressInfo).port}`;
  const config = { CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
  const frontends = serveFrontends({ frontendsDir: dir, contentUrl, log });
  gateway = await listen(
    createGatewayApp({ config, log, frontends, csp: { adHosts: ['https://ads.example.com'], scriptOrigins: ['https://cdn.example.com'] } }),
    0,
    '127.0.0.1',
  );
  base = `http://127.0.0.1:${gateway.port}`;
});
afterAll(async () => {
  await gateway?.close();
  await new Promise((done) => content?.close(done));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logLines = [];
});

const directives = (policy: string | null) =>
  Object.fromEntries((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('the nonce placeholder', () => {
  it('is drawn at random per process, so no text from outside can carry it', () => {
    expect(CSP_NONCE_PLACEHOLDER).toMatch(/^__COINMAG_CSP_NONCE_[0-9a-f]{32}__$/);
  });

  it('marks every script and style tag of a template once and fills only the attribute form', () => {
    const marked = markTemplateNonces('<script src="/a.js"></script><STYLE>a{}</STYLE><script nonce="keep"></script>');
    expect(marked).toBe(`<script nonce="${CSP_NONCE_PLACEHOLDER}" src="/a.js"></script><STYLE nonce="${CSP_NONCE_PLACEHOLDER}">a{}</STYLE><script nonce="keep"></script>`);
    expect(fillCspNonce(`${marked}<p>${CSP_NONCE_PLACEHOLDER}</p>`, 'abc')).toBe(`<script nonce="abc" src="/a.js"></script><STYLE nonce="abc">a{}</STYLE><script nonce="keep"></script><p>${CSP_NONCE_PLACEHOLDER}</p>`);
  });
});

describe('Content-Security-Policy', () => {
  it('gives a public page a fresh nonce per response, on its header and on each of our script tags', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${base}/`);
      expect(res.status).toBe(200);
      const policy = directives(res.headers.get('content-security-policy'));
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(policy['script-src']?.[0] ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(policy['script-src']).toContain("'strict-dynamic'");
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['connect-src']).toEqual(["'self'", 'https://ads.example.com']);
      expect(policy['frame-src']).toEqual(['https://ads.example.com']);
      expect(policy['report-uri']).toEqual(['/api/csp-report']);
      expect(policy['report-to']).toEqual(['csp']);
      expect(res.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
      const html = await res.text();
      expect(html).toContain(`<script nonce="${nonce}" defer src="/mf/shell/main.0123456789.js">`);
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('allows only our own scripts on /admin: no nonce, no inline, no eval, no third-party connection', async () => {
    for (const path of ['/admin', '/admin/articles/new', '/ADMIN/login']) {
      const res = await fetch(base + path);
      const policy = directives(res.headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['report-uri']).toEqual(['/api/csp-report']);
    }
  });

  it('lets nothing run from a response that is not HTML', async () => {
    const res = await fetch(`${base}/api/articles/nothing`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('leaves the document-only headers off a script, and keeps them on a file that can be opened as a document', async () => {
    const script = await fetch(`${base}/mf/shell/main.0123456789.js`);
    expect(script.status).toBe(200);
    // nosniff keeps a script a script; what acts only on a document is left off (~300 B a file).
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('strict-transport-security')).toBeTruthy();
    for (const name of ['x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'content-security-policy']) {
      expect(script.headers.get(name), name).toBeNull();
    }
    const svg = await fetch(`${base}/mf/shell/logo.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('x-frame-options')).toBe('DENY');
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('uses the Google ad hosts when none are configured', async () => {
    const app = createGatewayApp({ config: { CONTENT_URL: base, AUTH_URL: base, MEDIA_URL: base, UPSTREAM_TIMEOUT_MS: 1000, UPLOAD_TIMEOUT_MS: 1000 }, log, frontends: serveFrontends({ frontendsDir: dir, contentUrl: base, log }) });
    const running = await listen(app, 0, '127.0.0.1');
    try {
      const policy = directives((await fetch(`http://127.0.0.1:${running.port}/`)).headers.get('content-security-policy'));
      expect(policy['frame-src']).toEqual([...DEFAULT_AD_HOSTS]);
    } finally {
      await running.close();
    }
  });
});

describe('the violation report endpoint', () => {
  const report = (body: unknown, type = 'application/csp-report') =>
    fetch(`${base}/api/csp-report`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('logs a report-uri report and a Reporting API batch as bounded lines, without query strings', async () => {
    const old = await report({ 'csp-report': { 'document-uri': 'https://site.example/article/x?token=secret', 'violated-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js?c=1' } });
    expect(old.status).toBe(204);
    const batch = await report([{ type: 'csp-violation', body: { documentURL: 'https://site.example/', effectiveDirective: 'script-src-elem', blockedURL: 'inline', sourceFile: 'x'.repeat(5000) } }], 'application/reports+json');
    expect(batch.status).toBe(204);
    const csp = logLines.filter((line) => line.msg === 'content security policy violation').map((line) => line.csp as Record<string, string>);
    expect(csp).toHaveLength(2);
    expect(csp[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'https://evil.example/x.js', page: 'https://site.example/article/x' });
    expect(csp[1]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline', page: 'https://site.example/' });
    expect(csp[1]!.source!.length).toBeLessThanOrEqual(300);
    expect(JSON.stringify(logLines)).not.toContain('secret');
  });

  it('refuses a body over 16 KiB with 413 and logs at most 60 violations a minute', async () => {
    expect((await report({ 'csp-report': { 'blocked-uri': 'x'.repeat(20_000) } })).status).toBe(413);
    for (let i = 0; i < 20; i += 1) {
      const batch = Array.from({ length: 10 }, () => ({ type: 'csp-violation', body: { blockedURL: 'inline', effectiveDirective: 'script-src' } }));
      expect((await report(batch, 'application/reports+json')).status).toBe(204);
    }
    expect(logLines.filter((line) => line.msg === 'content security policy violation').length).toBeLessThanOrEqual(60);
    expect((await report('not json')).status).toBe(204);
  });
});
