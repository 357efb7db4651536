// The admin through the edge: signing in, writing an article, and reading what a gateway answers
// from inside its own container (each gateway task on its own, not the edge's pick).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Swarm } from './swarm.js';

export interface Article {
  id: number;
  slug: string;
  title: string;
  /** The version a save is made over, sent with it as the back office does (a stale save is refused). */
  version: number;
}

export class Admin {
  constructor(
    private readonly baseUrl: string,
    private readonly password: string,
    /** The admin's own address, as the edge's trusted upstream passes it. */
    private readonly address = '192.0.2.10',
  ) {}

  async login(password = this.password, address = this.address): Promise<Response> {
    return fetch(`${this.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token-delivery': 'body', 'x-forwarded-for': address },
      body: JSON.stringify({ username: 'admin', password }),
      signal: AbortSignal.timeout(20_000),
    });
  }

  async token(): Promise<string> {
    const res = await this.login();
    assert.equal(res.status, 200, `login: ${res.status} ${await res.clone().text()}`);
    return ((await res.json()) as { token: string }).token;
  }

  /**
   * Creates (no id) or rewrites a published article with a cover, as the back office's form does;
   * with `publishAt`, a new article scheduled for then.
   */
  async write(token: string, title: string, categoryId: number, over?: Article, publishAt?: Date): Promise<Article> {
    const id = over?.id;
    const form = new FormData();
    const fields: Record<string, string> = { title, content: `<p>${title}：滾動更新時讀者不該看到舊版本。</p>`, status: publishAt ? 'scheduled' : 'published', category_id: String(categoryId), tags: '["部署"]', is_featured: 'false', is_popular: 'false', is_carousel: 'false' };
    if (publishAt) fields.published_at = publishAt.toISOString();
    if (over) fields.version = String(over.version);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (id === undefined) {
      const cover = await sharp({ create: { width: 800, height: 420, channels: 3, background: '#f0b90b' } }).jpeg().toBuffer();
      form.append('featured_image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
    }
    const requestId = adminRequestId();
    const res = await fetch(`${this.baseUrl}/api/articles/admin${id === undefined ? '' : `/${id}`}`, {
      method: id === undefined ? 'POST' : 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': this.address, 'x-request-id': requestId },
      body: form,
      signal: AbortSignal.timeout(60_000),
    }).catch((error: Error) => {
      throw new Error(`${id === undefined ? 'create' : 'update'} (request ${requestId}): ${error.message}${error.cause ? ` (${(error.cause as Error).message})` : ''}`);
    });
    const body = await res.text();
    assert.equal(res.status, id === undefined ? 201 : 200, `${id === undefined ? 'create' : 'update'} (request ${requestId}): ${res.status} ${body}`);
    return JSON.parse(body) as Article;
  }

  async logout(token: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/admin/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': this.address }, signal: AbortSignal.timeout(20_000) });
    assert.equal(res.status, 204, `logout: ${res.status} ${await res.text()}`);
  }
}

/** An id for one of the admin's requests, as the edge, gateways and services log it. */
export function adminRequestId(): string {
  return `swarm-admin-${randomUUID().slice(0, 13)}`;
}

/** GET `path` on every running gateway task from inside its container: status and body of each. */
export function askEveryGateway(swarm: Swarm, path: string, token?: string): Array<{ container: string; status: number; body: string }> {
  return askEveryTask(swarm, 'gateway', 8080, path, token);
}

/** GET `path` on every running task of `service` (listening on `port`) from inside its container. */
export function askEveryTask(swarm: Swarm, service: string, port: number, path: string, token?: string): Array<{ container: string; status: number; body: string }> {
  const script = "fetch('http://127.0.0.1:' + process.argv[3] + process.argv[1], { headers: process.argv[2] ? { authorization: 'Bearer ' + process.argv[2] } : {} }).then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })), (e) => { console.error(e.message); process.exit(1); })";
  return swarm.containers(service).map((container) => {
    const out = JSON.parse(swarm.exec(container, ['node', '-e', script, path, token ?? '', String(port)])) as { status: number; body: string };
    return { container: container.slice(0, 12), ...out };
  });
}
