import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { INVALIDATION_CHANNEL } from '../src/cache/response-cache.js';
import { RedisStore } from '../src/cache/redis-store.js';
import { DEMO_LEARNING_PATHS } from '../src/seed/demo-learning-paths.js';
import { seedDemoContent } from '../src/seed/seed-demo.js';
import { SeedRepository } from '../src/seed/seed.repository.js';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const PATHS = '/api/admin/learning-paths';

describe('learning paths: lessons in order, reading time, places, exact invalidation', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let store: RedisStore;
  const ids = {} as Record<'chinese' | 'english' | 'mixed' | 'draft' | 'future', number>;

  beforeAll(async () => {
    store = new RedisStore({ url: 'redis://127.0.0.1:6379', prefix: `cm-test:${randomUUID()}:`, commandTimeoutMs: 1000 });
    api = await startContent({ store });
    admin = adminClient(api);
    // 1,000 Chinese characters: 2.5 minutes → 3. 500 English words: 2.5 minutes → 3.
    ids.chinese = (await insertArticle(api.db, { slug: 'wallet-basics', title: '錢包是什麼', content: `<p>${'錢包保管私鑰'.repeat(166)}錢包保管</p>` })).id;
    ids.english = (await insertArticle(api.db, { slug: 'seed-english', title: 'Seed phrases', content: `<p>${Array(500).fill('seed').join(' ')}</p>` })).id;
    ids.mixed = (await insertArticle(api.db, { slug: 'mixed', title: '混合', content: `<p>${'冷'.repeat(400)} ${Array(200).fill('cold').join(' ')}</p>` })).id;
    ids.draft = (await insertArticle(api.db, { slug: 'draft-lesson', title: '草稿課', status: 'draft' })).id;
    ids.future = (await insertArticle(api.db, { slug: 'future-lesson', title: '未來課', published_at: new Date(Date.now() + 3_600_000) })).id;
  });
  afterAll(() => api.close());

  const create = (body: Record<string, unknown>) => admin.json('POST', PATHS, body);

  it('shows a path\'s public lessons in order, each with its reading time and the total', async () => {
    const created = await create({ title: '錢包入門', level: '入門', description: '從零開始認識錢包', cover: '/uploads/abc123.webp', cover_alt: '錢包', article_ids: [ids.english, ids.draft, ids.chinese, ids.future, ids.mixed] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.slug).toBe('錢包入門');
    const { status, body } = await api.get(`/api/learning-paths/${encodeURIComponent('錢包入門')}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual(['seed-english', 'wallet-basics', 'mixed']);
    expect(body.lessons.map((lesson: { minutes: number }) => lesson.minutes)).toEqual([3, 3, 2]);
    expect(body.total_minutes).toBe(8);
    expect(body).toMatchObject({ title: '錢包入門', level: '入門', description: '從零開始認識錢包', cover: '/uploads/abc123.webp', cover_alt: '錢包' });
    expect((await api.get('/api/learning-paths')).body.map((path: { slug: string }) => path.slug)).toEqual(['錢包入門']);
  });

  it('tells an article where it stands, counting public lessons only', async () => {
    const { body } = await api.get(`/api/learning-paths/lessons/${ids.chinese}`);
    expect(body).toEqual([{ path: { id: expect.any(Number), slug: '錢包入門', title: '錢包入門' }, position: 2, total: 3, previous: { slug: 'seed-english', title: 'Seed phrases' }, next: { slug: 'mixed', title: '混合' } }]);
    expect((await api.get(`/api/learning-paths/lessons/${ids.draft}`)).body).toEqual([]);
    expect((await api.get('/api/learning-paths/lessons/abc')).status).toBe(404);
  });

  it('shows the back office every lesson with whether readers see it', async () => {
    const list = await admin.json('GET', PATHS);
    expect(list.status).toBe(200);
    const lessons = list.body[0].lessons.map((lesson: { title: string; is_public: boolean }) => [lesson.title, lesson.is_public]);
    expect(lessons).toEqual([['Seed phrases', true], ['草稿課', false], ['錢包是什麼', true], ['未來課', false], ['混合', true]]);
    expect((await api.get(PATHS)).status).toBe(401);
  });

  it('refuses bad input with clear Traditional Chinese errors and writes nothing', async () => {
    const before = await api.db('learning_paths').count({ count: '*' }).first();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '重複', level: '入門', article_ids: [ids.chinese, ids.chinese] }, '同一篇文章不能在路徑中出現兩次'],
      [{ title: '', level: '入門' }, '請輸入路徑名稱'],
      [{ title: '長'.repeat(61), level: '入門' }, '路徑名稱最多 60 個字'],
      [{ title: '程度', level: '大師' }, '程度必須是入門、進階、高階其中之一'],
      [{ title: '簡介', level: '入門', description: '長'.repeat(301) }, '簡介最多 300 個字'],
      [{ title: '封面', level: '入門', cover: 'https://evil.example/x.png' }, '封面必須是本站上傳的圖片'],
      [{ title: '封面', level: '入門', cover: '/uploads/../secret' }, '封面必須是本站上傳的圖片'],
      [{ title: '太多', level: '入門', article_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, '一條路徑最多 50 課'],
      [{ title: '不存在', level: '入門', article_ids: [ids.chinese, 999999] }, '找不到文章（編號 999999），請重新選擇課程'],
      [{ title: '編號', level: '入門', article_ids: [2 ** 40] }, '課程必須是文章編號'],
      [{ title: '編號', level: '入門', article_ids: '1,2' }, '課程清單格式不正確'],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    expect(await api.db('learning_paths').count({ count: '*' }).first()).toEqual(before);
  });

  it('refuses a save over a newer version and keeps the lessons as they were', async () => {
    const [path] = (await admin.json('GET', PATHS)).body;
    const stale = await admin.json('PUT', `${PATHS}/${path.id}`, { title: path.title, level: '進階', article_ids: [ids.mixed], version: path.version + 1 });
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/learning-paths/${encodeURIComponent(path.slug)}`)).body.lessons).toHaveLength(3);
  });

  it('announces exactly what a path save changed, and drops an unpublished article from every path at once', async () => {
    const other = await create({ title: '第一次買幣', level: '入門', article_ids: [ids.mixed] });
    expect(other.status).toBe(201);
    const [path] = (await admin.json('GET', PATHS)).body;
    // Warm every answer, so a stale cached copy would be served.
    const warm = async () => {
      for (const url of ['/api/learning-paths', `/api/learning-paths/${encodeURIComponent(path.slug)}`, `/api/learning-paths/lessons/${ids.chinese}`, `/api/learning-paths/lessons/${ids.english}`, `/api/learning-paths/lessons/${ids.mixed}`]) await api.get(url);
    };
    await warm();

    let subscribed!: () => void;
    let announced!: (deps: string[]) => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    const heard = new Promise<string[]>((resolve) => (announced = resolve));
    const stop = store.subscribe(INVALIDATION_CHANNEL, { message: (line) => announced(JSON.parse(line).deps), ready: () => subscribed(), lost: () => {} });
    await ready;
    try {
      // Reordered, one lesson (mixed) taken out, retitled: the old and new slug, the articles it held and holds.
      const saved = await admin.json('PUT', `${PATHS}/${path.id}`, { title: '錢包與安全', level: '進階', article_ids: [ids.chinese, ids.english, ids.draft, ids.future], version: path.version });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await heard).sort()).toEqual(
        ['learning-paths', `learning-path:${encodeURIComponent('錢包入門')}`, `learning-path:${encodeURIComponent('錢包與安全')}`, ...[ids.english, ids.draft, ids.chinese, ids.future, ids.mixed].map((id) => `lesson-places:${id}`)].sort(),
      );
    } finally {
      stop();
    }
    expect((await api.get(`/api/learning-paths/${encodeURIComponent('錢包入門')}`)).status).toBe(404);
    expect((await api.get(`/api/learning-paths/${encodeURIComponent('錢包與安全')}`)).body.lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual(['wallet-basics', 'seed-english']);
    expect((await api.get(`/api/learning-paths/lessons/${ids.chinese}`)).body[0]).toMatchObject({ position: 1, total: 2, previous: null, next: { slug: 'seed-english' } });
    expect((await api.get(`/api/learning-paths/lessons/${ids.mixed}`)).body[0].path.title).toBe('第一次買幣');

    await warm();
    const unpublished = await admin.updateArticle(ids.chinese, articleFields({ title: '錢包是什麼', slug: 'wallet-basics', status: 'draft' }));
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    const after = (await api.get(`/api/learning-paths/${encodeURIComponent('錢包與安全')}`)).body;
    expect(after.lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual(['seed-english']);
    expect((await api.get(`/api/learning-paths/lessons/${ids.english}`)).body[0]).toMatchObject({ position: 1, total: 1, previous: null, next: null });
    // The back office sees the gap.
    const gap = (await admin.json('GET', `${PATHS}/${path.id}`)).body.lessons.find((lesson: { article_id: number }) => lesson.article_id === ids.chinese);
    expect(gap).toMatchObject({ is_public: false, status: 'draft' });

    // Deleted: readers lose it at once, the back office keeps its title in the gap.
    expect((await admin.deleteArticle(ids.english)).status).toBe(200);
    expect((await api.get(`/api/learning-paths/${encodeURIComponent('錢包與安全')}`)).status).toBe(404);
    expect((await api.get('/api/learning-paths')).body.map((p: { title: string }) => p.title)).toEqual(['第一次買幣']);
    const lessons = (await admin.json('GET', `${PATHS}/${path.id}`)).body.lessons;
    expect(lessons[1]).toEqual({ article_id: null, title: 'Seed phrases', slug: null, status: null, is_public: false });
  });

  it('lists paths with public lessons in the sitemap', async () => {
    const { body } = await api.get('/api/sitemap/learn');
    expect(body.map((entry: { slug: string }) => entry.slug)).toEqual(['第一次買幣']);
  });

  it('deletes a path and logs each write in the audit log', async () => {
    const [first] = (await admin.json('GET', PATHS)).body;
    expect((await admin.json('DELETE', `${PATHS}/${first.id}`)).status).toBe(200);
    expect((await admin.json('GET', `${PATHS}/${first.id}`)).status).toBe(404);
    const actions = (await api.db('audit_events').where('action', 'like', 'learning_path.%').orderBy('id').select('action')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(['learning_path.create', 'learning_path.create', 'learning_path.update', 'learning_path.delete']);
  });
});

describe('demo learning paths', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    await seedDemoContent(new SeedRepository(api.db));
  });
  afterAll(() => api.close());

  it('seeds two paths of published demo articles, every lesson public, in order', async () => {
    const { body } = await api.get('/api/learning-paths');
    expect(body.map((path: { title: string; level: string }) => [path.title, path.level])).toEqual([['第一次買幣', '入門'], ['錢包與安全', '進階']]);
    for (const [index, path] of DEMO_LEARNING_PATHS.entries()) {
      expect(body[index].lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual(path.articles);
      expect(body[index].total_minutes).toBeGreaterThanOrEqual(path.articles.length);
      expect(body[index].cover).toBe(path.cover);
    }
  });
});
