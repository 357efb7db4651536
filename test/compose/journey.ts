// What an operator and a reader do through the published gateway port, and what must survive
// restarts. Each check throws with what it saw; the first failure ends the run (later checks
// build on earlier ones).
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ComposeStack } from './stack.js';
import { sleep } from './shell.js';
import { bucketDigests } from './site-state.js';

export class Checks {
  passed = 0;
  failed = 0;

  async check(name: string, work: () => Promise<void> | void): Promise<void> {
    try {
      await work();
      this.passed += 1;
      process.stdout.write(`  ✓ ${name}\n`);
    } catch (error) {
      this.failed += 1;
      process.stdout.write(`  ✗ ${name}\n`);
      throw error;
    }
  }
}

export interface Deployable {
  port: string;
  /** Its environment in docker-compose.yml (before interpolation): which backing services it is pointed at. */
  environment: Record<string, string>;
}

export interface Created {
  token: string;
  category: { id: number; slug: string; name: string };
  article: { id: number; slug: string; title: string; featured_image: string };
}

const CATEGORY_NAME = '容器部署測試';
const ARTICLE_TITLE = '容器部署測試：比特幣冷錢包入門';
const ARTICLE_BODY = '冷錢包把私鑰離線保存，比特幣新手的第一課。';

/**
 * The article's fields as the back office sends them. A revision appends `addition` to the body
 * and keeps the cover it names (as the form does when no new image is chosen).
 */
export function articleForm(categoryId: number, revision?: { addition: string; keepCover: string }): FormData {
  const form = new FormData();
  const fields = { title: ARTICLE_TITLE, content: `<h2>什麼是冷錢包</h2><p>${ARTICLE_BODY}</p>${revision?.addition ?? ''}`, status: 'published', category_id: String(categoryId), tags: '["冷錢包"]', is_featured: 'false', is_popular: 'false', is_carousel: 'false' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (revision) form.append('keep_existing_featured_image', revision.keepCover);
  return form;
}

export class Journey {
  private created?: Created;

  /** The category and the article the admin created (readerAndAdmin). */
  get made(): Created {
    if (!this.created) throw new Error('readerAndAdmin has not run');
    return this.created;
  }

  constructor(
    private readonly stack: ComposeStack,
    private readonly checks: Checks,
    readonly baseUrl: string,
    private readonly adminPassword: string,
    private readonly deployables: Record<string, Deployable>,
  ) {}

  async get(path: string, headers: Record<string, string> = {}) {
    return fetch(this.baseUrl + path, { headers, signal: AbortSignal.timeout(20_000) });
  }

  async json<T>(path: string, token?: string): Promise<T> {
    const res = await this.get(path, token ? { authorization: `Bearer ${token}` } : {});
    assert.equal(res.status, 200, `GET ${path}: ${res.status} ${await res.clone().text()}`);
    return (await res.json()) as T;
  }

  async send(method: string, path: string, token: string, body: unknown) {
    const form = body instanceof FormData;
    return fetch(this.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  }

  async login(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/admin/login`, {
      method: 'POST',
      // A script asks for the token in the body (browsers get an HttpOnly cookie instead).
      headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
      body: JSON.stringify({ username: 'admin', password: this.adminPassword }),
      signal: AbortSignal.timeout(20_000),
    });
    assert.equal(res.status, 200, `login: ${res.status} ${await res.clone().text()}`);
    const { token } = (await res.json()) as { token: string };
    assert.equal(token.split('.').length, 3, 'a JWT');
    return token;
  }

  private async image(path: string, type: string): Promise<Buffer> {
    const res = await this.get(path, { accept: type });
    assert.equal(res.status, 200, `GET ${path}: ${res.status}`);
    assert.equal(res.headers.get('content-type'), type, `GET ${path} content-type`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** The backing services as each deployable sees them, and the containers as compose made them. */
  async platform(): Promise<void> {
    const { checks, stack } = this;
    await checks.check('Postgres created the database UTF-8', () => {
      const out = stack.exec('postgres', ['psql', '-U', 'coinmag', '-d', 'coinmag', '-tAc', "select pg_encoding_to_char(encoding) from pg_database where datname = 'coinmag'"]);
      assert.equal(out.code, 0, out.stderr);
      assert.equal(out.stdout.trim(), 'UTF8');
    });
    for (const service of Object.keys(this.deployables)) {
      // Docker's health check is /healthz (alive); /readyz follows the process's warm-up (the gateway's: run-service.ts).
      await checks.check(`${service}: ready, and every backing service it is pointed at reachable (its /readyz from inside its container)`, () => this.waitReady(service, 2 * 60_000));
    }
    for (const service of Object.keys(this.deployables)) {
      await checks.check(`${service}: read-only root filesystem, non-root user`, () => {
        assert.equal(stack.inspect(service, '{{.HostConfig.ReadonlyRootfs}}'), 'true');
        const uid = stack.exec(service, ['node', '-e', 'process.stdout.write(String(process.getuid()))']);
        assert.equal(uid.code, 0, uid.stderr);
        assert.notEqual(uid.stdout.trim(), '0', 'runs as root');
        const write = stack.exec(service, ['node', '-e', "require('fs').writeFileSync(process.cwd() + '/probe', 'x')"]);
        assert.notEqual(write.code, 0, 'could write into its own directory');
        assert.match(write.stderr, /EROFS|EACCES/);
      });
    }
  }

  /**
   * /readyz is 200 once the process serves; the body reports each dependency. Every one must be
   * "ok", there must be one per backing service compose points it at, and Redis among them when
   * REDIS_URL is set (not the in-process fallback).
   */
  private ready(service: string): void {
    const { port, environment } = this.deployables[service]!;
    const script = `fetch('http://127.0.0.1:${port}/readyz').then(async (r) => { process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })); }, (e) => { console.error(e.message); process.exit(1); })`;
    const out = this.stack.exec(service, ['node', '-e', script]);
    assert.equal(out.code, 0, `${service} /readyz: ${out.stderr}`);
    const { status, body } = JSON.parse(out.stdout) as { status: number; body: string };
    assert.equal(status, 200, `${service} /readyz: ${status} ${body}`);
    const checks = ((JSON.parse(body) as { checks?: Record<string, string> }).checks ?? {}) as Record<string, string>;
    const down = Object.entries(checks).filter(([, state]) => state !== 'ok');
    assert.deepEqual(down, [], `${service} reports dependencies down: ${body}`);
    const pointedAt = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT'].filter((name) => environment[name]);
    assert.ok(Object.keys(checks).length >= pointedAt.length, `${service} is given ${pointedAt.join(', ')} but reports only ${body}`);
    if (environment.REDIS_URL) assert.ok('redis' in checks, `${service} is given REDIS_URL but does not report Redis: ${body}`);
  }

  /** Waits for a service's /readyz after a restart of what it depends on. */
  async waitReady(service: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        this.ready(service);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(1000);
      }
    }
  }

  async readerAndAdmin(): Promise<void> {
    const { checks } = this;
    await checks.check('the home page is served through the gateway', async () => {
      const res = await this.get('/');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await res.text(), /\/mf\/shell\//, 'the page loads the shell micro-frontend');
    });
    await checks.check('the demo articles are seeded and their covers come from S3', async () => {
      const list = await this.json<{ articles: Array<{ slug: string; featured_image: string | null }>; pagination: { total: number } }>('/api/articles?page=1&limit=5');
      assert.ok(list.pagination.total > 0, 'no demo articles');
      const cover = list.articles.find((a) => a.featured_image)?.featured_image;
      assert.ok(cover, 'no demo cover');
      await this.image(cover, 'image/jpeg');
    });
    let token = '';
    await checks.check('the admin signs in with ADMIN_PASSWORD, and a wrong password is refused', async () => {
      const wrong = await fetch(`${this.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'not-the-password' }) });
      assert.equal(wrong.status, 401);
      token = await this.login();
    });
    let category: Created['category'] | undefined;
    await checks.check('the admin creates a category', async () => {
      const res = await this.send('POST', '/api/categories/admin', token, { name: CATEGORY_NAME, show_in_header: true });
      const body = (await res.json()) as Created['category'];
      assert.equal(res.status, 201, JSON.stringify(body));
      assert.equal(body.name, CATEGORY_NAME);
      category = body;
    });
    let article: Created['article'] | undefined;
    await checks.check('the admin creates a published article with a cover upload', async () => {
      const form = articleForm(category!.id);
      const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1f6feb' } }).jpeg().toBuffer();
      form.append('featured_image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
      const res = await this.send('POST', '/api/articles/admin', token, form);
      const body = (await res.json()) as Created['article'];
      assert.equal(res.status, 201, JSON.stringify(body));
      assert.match(body.featured_image, /^\/uploads\/[0-9a-f]{32}\.jpg$/);
      article = body;
    });
    this.created = { token, category: category!, article: article! };
    await checks.check('the cover is stored in the S3 service’s bucket', () => {
      const hash = /([0-9a-f]{32})/.exec(article!.featured_image)![1]!;
      const names = this.bucketObjects();
      assert.ok(names.some((name) => name.includes(hash)), `no object for ${hash} among ${names.length} objects`);
    });
    await this.publicReads('a reader');
  }

  private bucketObjects(): string[] {
    return Object.keys(bucketDigests(this.stack));
  }

  async publicReads(who: string): Promise<void> {
    const { article, category } = this.created!;
    await this.checks.check(`${who} reads the article, its category, a search hit and the cover`, async () => {
      const detail = await this.json<{ title: string; category_slug: string | null }>(`/api/articles/${encodeURIComponent(article.slug)}`);
      assert.equal(detail.title, ARTICLE_TITLE);
      assert.equal(detail.category_slug, category.slug);
      const categories = await this.json<Array<{ slug: string; name: string }>>('/api/categories');
      assert.ok(categories.some((c) => c.slug === category.slug && c.name === CATEGORY_NAME), 'category not listed');
      const inCategory = await this.json<{ articles: Array<{ id: number }> }>(`/api/articles?category=${encodeURIComponent(category.slug)}`);
      assert.deepEqual(inCategory.articles.map((a) => a.id), [article.id]);
      const found = await this.json<{ articles: Array<{ id: number }> }>(`/api/articles?search=${encodeURIComponent('冷錢包入門')}`);
      assert.ok(found.articles.some((a) => a.id === article.id), 'Chinese search does not find it');
      const jpeg = await this.image(article.featured_image, 'image/jpeg');
      assert.equal((await sharp(jpeg).metadata()).width, 1200);
      await this.image(article.featured_image.replace(/\.jpg$/, '-w480.webp'), 'image/webp');
    });
    await this.checks.check(`${who} gets the article server-rendered: its text in the HTML, before any script runs`, async () => {
      const res = await this.get(`/article/${encodeURIComponent(article.slug)}`);
      assert.equal(res.status, 200);
      const html = await res.text();
      const root = /<div id="root">([\s\S]*?)<script id="coinmag-boot"/.exec(html)?.[1];
      assert.ok(root, 'no rendered #root with its boot data: the page fell back to client rendering (see the gateway log)');
      // The glossary links the terms the body uses (冷錢包, 比特幣) where they stand, each with its
      // one-line definition beside it: the body reads whole once those are set aside.
      assert.ok(root.includes('class="gl-term"'), 'no glossary term is linked in the rendered body');
      const text = root.replace(/<span class="gl-tip"[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '');
      assert.ok(text.includes(ARTICLE_BODY), 'the article body is not in the rendered HTML');
      assert.ok(root.includes(ARTICLE_TITLE), 'the article title is not in the rendered HTML');
      assert.ok(!html.includes('載入內容中…'), 'the page is the client-rendering placeholder');
    });
  }

  /** After restarts: the admin view (straight from Postgres, never a cache) and a fresh sign-in. */
  async nothingLost(after: string): Promise<void> {
    const { article, category } = this.created!;
    await this.checks.check(`after ${after}: the admin signs in again and Postgres still has the category and the article`, async () => {
      const token = await this.login();
      const stored = await this.json<{ id: number; title: string; featured_image: string; category_id: number }>(`/api/articles/admin/${article.id}`, token);
      assert.deepEqual([stored.title, stored.featured_image, stored.category_id], [ARTICLE_TITLE, article.featured_image, category.id]);
      const categories = await this.json<Array<{ id: number; name: string }>>('/api/categories/admin/all', token);
      assert.ok(categories.some((c) => c.id === category.id && c.name === CATEGORY_NAME), 'category lost');
    });
    await this.publicReads(`after ${after}, a reader`);
  }
}
