import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema, WORDPRESS_IMPORT_PATHS, wordpressImportSchema, type WordPressImport } from '@coinmag/contracts';
import { minioAdapter } from '../../media/test/support/adapters.js';
import { createTestKeys } from '../../media/test/support/auth.js';
import { startMedia, type RunningMedia } from '../../media/test/support/service.js';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';
import { fixtureExport, startImageServer, type ImageServer } from './wordpress-fixture.js';

/**
 * The WordPress import on real Postgres, Redis and an S3 server, its images served by a local
 * HTTP server and processed by the real media service: dry run, mapping, images, idempotence,
 * conflicts and old links.
 */
const SECRET = 'wordpress-import-test-secret-0123456789';

describe('WordPress import', () => {
  const keys = createTestKeys();
  const token = keys.token();
  const s3 = minioAdapter();
  let images: ImageServer;
  let media: RunningMedia;
  let content: ContentHarness;
  let directory: string;
  /** A port nothing listens on: the old site that is down. */
  let deadHost: string;
  const auth = { authorization: `Bearer ${token}` };

  beforeAll(async () => {
    images = await startImageServer();
    await s3.setUp();
    // The content service's image uploads carry service grants signed with the secret both hold.
    media = await startMedia(await s3.fresh(), keys.publicKey, 2, { forwardingSecret: SECRET });
    directory = await mkdtemp(join(tmpdir(), 'coinmag-wp-'));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    deadHost = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    content = await startContent({
      publicKey: keys.publicKey,
      forwardingSecret: SECRET,
      wordpress: {
        directory,
        mediaUrl: media.url,
        imageLimits: { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3, allowedHosts: [new URL(images.url).host, deadHost] },
        imageConcurrency: 2,
        imageHostFailures: 2,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await content?.close();
    await media?.close();
    await s3.tearDown();
    await images?.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function upload(xml: string, query = '?filename=export.xml'): Promise<{ status: number; body: any }> {
    return content.get(`${WORDPRESS_IMPORT_PATHS.imports}${query}`, { method: 'POST', body: xml, headers: { ...auth, 'content-type': 'application/xml' } });
  }

  /** Uploads, confirms and waits for the job this process runs to stop; the job as the API shows it. */
  async function importExport(xml: string): Promise<WordPressImport> {
    const uploaded = await upload(xml);
    expect(uploaded.status).toBe(201);
    const mappedByDryRun = content.content.wordpress.mapper.mappedCount;
    const confirmed = await content.get(WORDPRESS_IMPORT_PATHS.confirm(uploaded.body.id), { method: 'POST', headers: auth });
    expect(confirmed.status).toBe(202);
    await content.content.wordpress.runner.settled(uploaded.body.id);
    // The import uses what the dry run mapped: no post body is mapped a second time.
    expect(content.content.wordpress.mapper.mappedCount).toBe(mappedByDryRun);
    const job = await content.get(WORDPRESS_IMPORT_PATHS.importOf(uploaded.body.id), { headers: auth });
    return wordpressImportSchema.parse(job.body);
  }

  const articleBySlug = (slug: string) => content.db('articles').where({ slug }).first();
  const countArticles = async () => Number((await content.db('articles').count({ n: '*' }))[0]!.n);

  it('shows a dry run of the export and writes nothing', async () => {
    await insertArticle(content.db, { slug: 'withdraw-guide', title: '本站原有的出金教學' });
    const articlesBefore = await countArticles();
    const categoriesBefore = await content.db('categories').count({ n: '*' });
    const res = await upload(await fixtureExport(images.url));
    expect(res.status).toBe(201);
    const job = wordpressImportSchema.parse(res.body);
    expect(job.status).toBe('ready');
    expect(job.dry_run).toMatchObject({
      site: 'https://oldblog.example.com',
      posts: { published: 2, scheduled: 1, draft: 1, total: 4 },
      categories: 3,
      tags: 3,
      attachments: 4,
      images: 6,
      collisions: [{ wp_post_id: 14, title: '交易所出金教學', slug: 'withdraw-guide' }],
    });
    expect(job.dry_run!.skipped).toEqual(expect.arrayContaining([
      { name: '已移至垃圾桶', count: 1 }, { name: '頁面（不匯入）', count: 1 }, { name: '選單項目', count: 1 }, { name: '不支援的內容類型（product）', count: 1 },
    ]));
    expect(job.dry_run!.problems.map((problem) => problem.problem)).toEqual([
      '已移除不支援的短代碼 [contact-form-7]', 'HTML 標籤未正確關閉：<strong>、<div>', '封面圖片（附件 999）不在匯出檔中',
    ]);
    expect(await countArticles()).toBe(articlesBefore);
    expect(await content.db('categories').count({ n: '*' })).toEqual(categoriesBefore);
    expect(images.hits.size).toBe(0);
  });

  it('imports posts, categories, tags, SEO fields and images; an image that cannot be fetched is reported, not fatal', async () => {
    const before = await countArticles();
    const job = await importExport(await fixtureExport(images.url));
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.progress).toMatchObject({ total: 4, processed: 4, created: 4, updated: 0, conflicts: 0, failed: 0, images_fetched: 5, images_failed: 1 });
    expect(job.failed_images).toEqual([{ url: `${images.url}/wp-content/uploads/2024/04/missing.jpg`, error: '原站回應 HTTP 404' }]);
    expect(await countArticles()).toBe(before + 4);

    const bitcoin = await articleBySlug('比特幣突破新高');
    expect(bitcoin).toMatchObject({ title: '比特幣突破新高：機構資金持續湧入', status: 'published', meta_title: '比特幣突破新高：機構資金持續湧入 幣圈日報', meta_description: '比特幣創新高的三個原因與後市觀察。', excerpt: '機構資金推動比特幣創新高。' });
    expect(bitcoin.published_at.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    expect(bitcoin.featured_image).toMatch(/^\/uploads\//);
    expect(bitcoin.content).not.toContain(images.url);
    expect(bitcoin.content).toMatch(/<figure><img[^>]+src="\/uploads\/[^"]+"[^>]*>\s*<figcaption>比特幣近三個月走勢<\/figcaption><\/figure>/);
    expect(bitcoin.content).not.toContain('contact-form-7');
    const category = await content.db('categories').where({ id: bitcoin.category_id }).first();
    expect(category).toMatchObject({ name: '比特幣', slug: '比特幣', description: '上層分類：市場分析' });
    const tags = await content.db('article_tags as at').join('tags as t', 't.id', 'at.tag_id').where('at.article_id', bitcoin.id).orderBy('at.position').pluck('t.name');
    expect(tags).toEqual(['ETF', '交易所']);

    expect(await articleBySlug('eth-upgrade-preview')).toMatchObject({ status: 'scheduled' });
    expect(await articleBySlug('新手入門-什麼是錢包')).toMatchObject({ status: 'draft', published_at: null });
    // The slug an article here already had: the post gets a numbered one, and the report says so.
    const withdraw = await articleBySlug('withdraw-guide-2');
    expect(withdraw).toMatchObject({ title: '交易所出金教學', featured_image: null });
    // The image that could not be fetched leaves the body; the report names it.
    expect(withdraw.content).toMatch(/<img src="\/uploads\/[^"]+" alt="出金畫面" \/>/);
    expect(withdraw.content).not.toContain('missing.jpg');
    const note = job.attention.find((item) => item.wp_post_id === 14)?.note;
    expect(note).toContain('網址代稱「withdraw-guide」已被使用，改為「withdraw-guide-2」');
    expect(note).toContain(`無法取得圖片 ${images.url}/wp-content/uploads/2024/04/missing.jpg（原站回應 HTTP 404）`);
    // chart.png is used by two posts (at two resized names): fetched once, as the original.
    expect(images.hits.get('/wp-content/uploads/2024/05/chart.png')).toBe(1);
    expect(images.hits.get('/wp-content/uploads/2024/05/chart-300x200.png')).toBeUndefined();

    const audit = auditListSchema.parse((await content.get('/api/admin/audit?kind=import', { headers: auth })).body);
    expect(audit.events.map((event) => event.summary)).toEqual(['export.xml：新增 4、更新 0、未變更 0、衝突 0、失敗 0；圖片 5 張，無法取得 1 張']);
  });

  it('creates nothing twice when the same export is imported again, and fetches no image again but the one that failed', async () => {
    const before = await countArticles();
    const hitsBefore = [...images.hits.values()].reduce((a, b) => a + b, 0);
    const withdrawBefore = await articleBySlug('withdraw-guide-2');
    const job = await importExport(await fixtureExport(images.url));
    // The post whose image failed tries it again; it fails again, so the post is as it was: 未變更, not written again.
    expect(job.progress).toMatchObject({ created: 0, updated: 0, unchanged: 4, conflicts: 0 });
    expect(await articleBySlug('withdraw-guide-2')).toMatchObject({ version: withdrawBefore.version, content: withdrawBefore.content });
    expect(await countArticles()).toBe(before);
    // Only the image that failed is tried again.
    expect([...images.hits.values()].reduce((a, b) => a + b, 0)).toBe(hitsBefore + 1);
  });

  it('updates what changed in WordPress and reports articles edited here as conflicts, without overwriting them', async () => {
    const draft = await articleBySlug('新手入門-什麼是錢包');
    const edited = await adminClient(content, token).updateArticle(draft.id, articleFields({ title: '本站改寫：什麼是錢包', content: '<p>本站編輯改寫的內容</p>', status: 'draft' }));
    expect(edited.status).toBe(200);
    const xml = (await fixtureExport(images.url))
      .replace('比特幣突破新高：機構資金持續湧入', '比特幣突破新高：機構資金大舉湧入')
      .replace('請務必備份助記詞。', '請務必離線備份助記詞。');
    const job = await importExport(xml);
    // The changed post is updated; the one whose image still fails and the one unchanged are left as they are.
    expect(job.progress).toMatchObject({ created: 0, updated: 1, unchanged: 2, conflicts: 1 });
    expect(job.attention.find((item) => item.wp_post_id === 13)).toMatchObject({ outcome: 'conflict', article_id: draft.id });
    expect(await content.db('articles').where({ id: draft.id }).first()).toMatchObject({ title: '本站改寫：什麼是錢包' });
    expect(await articleBySlug('比特幣突破新高')).toMatchObject({ title: '比特幣突破新高：機構資金大舉湧入' });
  });

  it('stops fetching from an old site that is down after its failures in a row, reporting the images it skipped', async () => {
    const posts = [1, 2, 3, 4, 5, 6].map((n) => `<item><title>停機站 ${n}</title><content:encoded><![CDATA[<p>內文 ${n}</p><img src="http://${deadHost}/wp-content/uploads/2024/01/dead-${n}.jpg">]]></content:encoded><wp:post_id>${900 + n}</wp:post_id><wp:post_date_gmt>2024-01-0${n} 00:00:00</wp:post_date_gmt><wp:post_name>dead-host-${n}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><link>https://deadsite.example.com</link>${posts.join('')}</channel></rss>`;
    const job = await importExport(xml);
    expect(job.progress).toMatchObject({ created: 6, failed: 0, images_fetched: 0, images_failed: 6 });
    const errors = job.failed_images.filter((image) => image.url.includes(deadHost)).map((image) => image.error);
    // Two tried (concurrency 2, breaker at 2 failures in a row), the four behind them not.
    expect(errors.filter((error) => error.startsWith('無法連線到原站'))).toHaveLength(2);
    expect(errors.filter((error) => error === `原站 ${deadHost} 連續 2 張圖片無法取得，其餘圖片已略過`)).toHaveLength(4);
  });

  it('keeps answering readers while it reads an export whose post is 120,000 unclosed [caption] (16 s of the event loop before)', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><link>https://stall.example.com</link><item><title>短代碼攻擊</title><content:encoded><![CDATA[${'[caption]'.repeat(120_000)}]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_date_gmt>2024-01-01 00:00:00</wp:post_date_gmt><wp:post_name>stall</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`;
    let uploaded = false;
    const uploading = upload(xml).finally(() => (uploaded = true));
    const searches: number[] = [];
    while (!uploaded) {
      const started = performance.now();
      // A new word each time: never answered from the cache.
      const res = await content.get(`/api/articles?search=${encodeURIComponent(`比特幣${searches.length}`)}`);
      expect(res.status).toBe(200);
      searches.push(performance.now() - started);
    }
    const res = await uploading;
    expect(res.status).toBe(201);
    expect(res.body.dry_run.posts.total).toBe(1);
    expect(Math.max(...searches)).toBeLessThan(2000);
    await content.get(WORDPRESS_IMPORT_PATHS.importOf(res.body.id), { method: 'DELETE', headers: auth });
  });

  it('answers the old WordPress addresses with where they are now, and 404 for unknown ones', async () => {
    const where = async (path: string, p?: string) => {
      const res = await content.get(`${WORDPRESS_IMPORT_PATHS.oldLink}?path=${encodeURIComponent(path)}${p ? `&p=${p}` : ''}`);
      return res.status === 200 ? res.body.location : res.status;
    };
    const bitcoin = `/article/${encodeURIComponent('比特幣突破新高')}`;
    expect(await where('/', '11')).toBe(bitcoin);
    expect(await where('/2024/05/01/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/')).toBe(bitcoin);
    expect(await where('/2024/05/%E6%AF%94%E7%89%B9%E5%B9%A3%E7%AA%81%E7%A0%B4%E6%96%B0%E9%AB%98/')).toBe(bitcoin);
    expect(await where('/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/')).toBe(bitcoin);
    expect(await where('/2024/04/withdraw-guide/')).toBe('/article/withdraw-guide-2');
    expect(await where('/category/%e5%b8%82%e5%a0%b4%e5%88%86%e6%9e%90/%e6%af%94%e7%89%b9%e5%b9%a3/')).toBe(`/category/${encodeURIComponent('比特幣')}`);
    expect(await where('/tag/etf/')).toBe('/tag/ETF');
    expect(await where('/feed/')).toBe('/rss.xml');
    expect(await where('/2024/01/no-such-post/')).toBe(404);
    expect(await where('/', '999')).toBe(404);
    expect(await where('/about/')).toBe(404);
  });

  it('discards a dry run the admin only wanted to read, with its file; an import that has run stays', async () => {
    const filesBefore = await readdir(directory);
    const uploaded = await upload(await fixtureExport(images.url));
    expect(uploaded.status).toBe(201);
    // The export and the dry run's decisions.
    expect(await readdir(directory)).toHaveLength(filesBefore.length + 2);
    const discarded = await content.get(WORDPRESS_IMPORT_PATHS.importOf(uploaded.body.id), { method: 'DELETE', headers: auth });
    expect(discarded.status).toBe(204);
    expect(await readdir(directory)).toEqual(filesBefore);
    expect((await content.get(WORDPRESS_IMPORT_PATHS.importOf(uploaded.body.id), { headers: auth })).status).toBe(404);
    expect((await content.get(WORDPRESS_IMPORT_PATHS.importOf(uploaded.body.id), { method: 'DELETE', headers: auth })).body).toEqual({ error: '找不到這筆匯入' });

    const done = (await content.get(`${WORDPRESS_IMPORT_PATHS.imports}/latest`, { headers: auth })).body.import as WordPressImport;
    expect(done.status).toBe('done');
    const refused = await content.get(WORDPRESS_IMPORT_PATHS.importOf(done.id), { method: 'DELETE', headers: auth });
    expect(refused).toMatchObject({ status: 409, body: { error: '這筆匯入已經開始，無法取消' } });
  });

  it('reads an export with bare & and control characters (TryGhost\'s WordPress test export) and lists each repair in 發現的問題 with its line and column', async () => {
    const xml = (await readFile(new URL('./fixtures/wordpress/ghost-sample.xml', import.meta.url), 'utf8')).replace('<title>Basic Post</title>', '<title>Basic\u0001 Post</title>');
    const res = await upload(xml);
    expect(res.status).toBe(201);
    const dryRun = wordpressImportSchema.parse(res.body).dry_run!;
    expect(dryRun.posts).toEqual({ published: 2, scheduled: 0, draft: 1, total: 3 });
    expect(dryRun.attachments).toBe(1);
    const repairs = dryRun.problems.filter((problem) => problem.wp_post_id === 0);
    expect(repairs.map((problem) => `${problem.title}：${problem.problem}`)).toEqual([
      '匯出檔：第 49 行第 19 欄：控制字元 U+0001，已移除',
      // The attachment's URL and its guid.
      ...[101, 127, 139, 148, 155].map((column) => `匯出檔：第 109 行第 ${column} 欄：未轉義的「&」，已當作文字`),
      ...[88, 114, 126, 135, 142].map((column) => `匯出檔：第 110 行第 ${column} 欄：未轉義的「&」，已當作文字`),
    ]);
    await content.get(WORDPRESS_IMPORT_PATHS.importOf(res.body.id), { method: 'DELETE', headers: auth });
  });

  it('refuses a file that is not an export, and callers who are not signed in', async () => {
    const notXml = await upload('<html><body>not an export</body></html>');
    expect(notXml).toMatchObject({ status: 400, body: { error: '無法讀取匯出檔：這不是 WordPress 匯出檔（缺少 <rss>）' } });
    const wrongType = await content.get(WORDPRESS_IMPORT_PATHS.imports, { method: 'POST', body: 'x', headers: { ...auth, 'content-type': 'application/json' } });
    expect(wrongType.status).toBe(400);
    const anonymous = await content.get(WORDPRESS_IMPORT_PATHS.imports, { method: 'POST', body: '<rss/>', headers: { 'content-type': 'application/xml' } });
    expect(anonymous.status).toBe(401);
  });
});
