import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisViewStore } from '@coinmag/views';
import { RedisStore } from '../src/cache/redis-store.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

describe('when Redis stops', () => {
  let redis: PrivateRedis;
  let api: ContentHarness;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startContent({ store: new RedisStore({ url: redis.url, prefix: 'down-test:', commandTimeoutMs: 100 }), counterStore: RedisViewStore.open({ url: redis.url, prefix: 'down-test:' }) });
    await insertArticle(api.db, { slug: 'still-here', title: '仍然可讀' });
  });
  afterAll(async () => {
    await api.close();
    await redis.stop();
  });

  it('keeps answering from Postgres, quickly, and still counts views', async () => {
    expect((await api.get('/api/articles/still-here')).status).toBe(200);
    await redis.stop();
    const started = Date.now();
    for (const path of ['/api/articles/still-here', '/api/articles?page=1&limit=20', '/api/articles/popular', '/api/categories/header', '/api/settings']) {
      const { status } = await api.get(path);
      expect(status).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    const before = (await api.db('articles').where({ slug: 'still-here' }).first('view_count')).view_count;
    expect((await api.get('/api/articles/still-here/views', { method: 'POST' })).status).toBe(200);
    const after = (await api.db('articles').where({ slug: 'still-here' }).first('view_count')).view_count;
    expect(after).toBe(before + 1);
    // Still serving: readiness stays (a 503 would take every pod out in an outage); the
    // dependency's state is in the body.
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toBe('down');
  });
});
