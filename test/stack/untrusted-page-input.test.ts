import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { startStack, type RunningStack } from '../../scripts/stack/stack.js';

const root = resolve(import.meta.dirname, '../..');
/** What the gateway's templates carried where the nonce goes, before the placeholder was drawn per process. */
const OLD_PLACEHOLDER = '__COINMAG_CSP_NONCE__';
const FORGED = `nonce="${OLD_PLACEHOLDER}"`;

/** A sign-in with a wrong password from one loopback address (the gateway sees the socket's). */
function failedSignInFrom(url: string, localAddress: string): Promise<number> {
  return new Promise((done, fail) => {
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password' });
    const req = request(`${url}/api/admin/login`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** Each place the live nonce appears in a page must be a start tag the gateway wrote (script, style, link). */
function nonceOutsideTemplateSlots(html: string, nonce: string): string[] {
  const strays: string[] = [];
  for (let at = html.indexOf(nonce); at !== -1; at = html.indexOf(nonce, at + nonce.length)) {
    const tagStart = html.lastIndexOf('<', at);
    if (!/^<(script|style|link)\b[^<>]*nonce="$/i.test(html.slice(tagStart, at))) strays.push(html.slice(Math.max(0, at - 60), at + nonce.length + 10));
  }
  return strays;
}

describe('public pages with untrusted input, every service real', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('cm_untrusted');
    dataDir = mkdtempSync(join(tmpdir(), 'coinmag-untrusted-'));
    stack = await startStack({
      root, databaseUrl: database.url, redisUrl: 'redis://127.0.0.1:6379', dataDir, gatewayPort: 8698, basePort: 4698,
      seedDemo: true, buildFrontends: true, quiet: true,
      extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: `cm-untrusted:${database.name}:` },
    });
    const login = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    token = (await login.json()).token;
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = async (method: string, path: string, body: unknown) => {
    const res = await fetch(stack.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBeLessThan(300);
    return json;
  };

  it('writes the live CSP nonce only into the template’s own tags, whatever authors, settings and ad code contain', async () => {
    await admin('PUT', '/api/settings/admin', {
      site_title: `雜誌 ${FORGED}`,
      site_description: `描述 ${FORGED} ${OLD_PLACEHOLDER}`,
      header_ad_script: `<p class="ad">${FORGED}</p>`,
      footer_ad_script: `<div title='${FORGED}'>頁尾 ${OLD_PLACEHOLDER}</div>`,
    });
    const category = (await (await fetch(`${stack.url}/api/categories`)).json())[0];
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: `標題 ${FORGED}`,
      content: `<p>${FORGED}</p><p>${OLD_PLACEHOLDER}</p><h2>${FORGED}</h2>`,
      excerpt: FORGED,
      tags: JSON.stringify([FORGED, OLD_PLACEHOLDER]),
      status: 'published',
      category_id: String(category.id),
      is_featured: 'false', is_popular: 'false', is_carousel: 'false',
    })) form.append(name, value);
    const article = await admin('POST', '/api/articles/admin', form);

    for (const path of ['/', `/article/${encodeURIComponent(article.slug)}`, `/category/${encodeURIComponent(category.slug)}`, '/articles']) {
      // Twice: the rendering, then the cached page with a new nonce.
      for (const round of [1, 2]) {
        const res = await fetch(stack.url + path);
        expect(res.status, `${path} (${round})`).toBe(200);
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
        expect(nonce, path).toBeTruthy();
        const html = await res.text();
        expect(html).toContain(`nonce="${nonce}"`);
        expect(nonceOutsideTemplateSlots(html, nonce!), `${path} (${round})`).toEqual([]);
      }
    }
  }, 60_000);

  it('answers bad public input with 4xx, never 503 with Retry-After', async () => {
    const cases: Array<[string, number]> = [
      [`/search?q=${'比'.repeat(101)}`, 400],
      [`/search?q=${'a'.repeat(101)}`, 400],
      ['/article/%22bad%22', 404],
      ['/article/x%00', 404],
      ['/article/x%2F', 404],
      ['/article/a%3Cscript%3E', 404],
      ['/category/%22bad%22', 404],
      ['/category/x%00', 404],
      ['/category/x%2F', 404],
    ];
    for (const [path, status] of cases) {
      const res = await fetch(stack.url + path);
      expect({ path, status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({ path, status, retryAfter: null });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
    // A page path that cannot be decoded is the 404 page too, not the admin guard's 401.
    for (const path of ['/article/%E0%A4%A', '/article/%ff', '/tag/%ZZ']) {
      const undecodable = await fetch(stack.url + path);
      expect({ path, status: undecodable.status, type: undecodable.headers.get('content-type'), retryAfter: undecodable.headers.get('retry-after') }).toEqual({ path, status: 404, type: 'text/html; charset=utf-8', retryAfter: null });
    }
    // The back office in another letter case is the back office: never rendered or cached as a public page.
    for (const path of ['/ADMIN/dashboard', '/Admin']) {
      const res = await fetch(stack.url + path);
      const html = await res.text();
      expect(html, path).toMatch(/<title>[^<]*管理後台/);
      expect(html, path).toContain('noindex');
    }
    // A term of 100 characters is still a search.
    expect((await fetch(`${stack.url}/search?q=${'比'.repeat(100)}`)).status).toBe(200);
  }, 60_000);

  it('passes each reader’s address on to the services, which believe it from the gateway: one address locked, another not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push(await failedSignInFrom(stack.url, '127.0.0.41'));
    expect(statuses.at(-1)).toBe(429);
    expect(await failedSignInFrom(stack.url, '127.0.0.42')).toBe(401);
  }, 60_000);
});
