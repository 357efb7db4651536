import { afterEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, ARTICLE_LIMITS } from '@coinmag/contracts';
import { HttpError } from '@coinmag/service-kit';
import { ArticleBodyPool, type ArticleBodyPoolOptions } from '../src/articles/article-body-pool.js';
import { buildArticleWrite, type ArticleFields } from '../src/articles/article-write.js';
import { articleFields } from './article-fields.js';
import { XSS_VECTORS } from './xss-vectors.js';

function fields(content: string, overrides: Partial<ArticleFields> = {}): ArticleFields {
  return articleFields({ title: '比特幣入門 Bitcoin', slug: 'pool-test', content, excerpt: '摘要', tags: ['錢包', 'DeFi'], published_at: new Date('2026-01-02T03:04:05Z'), ...overrides });
}

/** Within every limit of ARTICLE_LIMITS, yet seconds of sanitiser work (entity decoding of 2 MB). */
const SLOW_BODY = '&amp;&lt;&#x6A;'.repeat(Math.floor((ARTICLE_LIMITS.contentBytes - 100) / 15));

const pools: ArticleBodyPool[] = [];
async function startPool(options: ArticleBodyPoolOptions = {}): Promise<ArticleBodyPool> {
  const pool = new ArticleBodyPool(options);
  pools.push(pool);
  await pool.ready();
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('the article body pool', () => {
  it('gives exactly what the in-thread pipeline gives, for every XSS vector', async () => {
    const pool = await startPool({ size: 2, maxQueue: 1000 });
    const bodies = XSS_VECTORS.flatMap((vector) => [vector, `<h2 id="x">標題 ${vector}</h2><p>內文 ${vector}</p><h3>小節</h3>`]);
    const written = await Promise.all(bodies.map((body) => pool.toArticleWrite(fields(body))));
    written.forEach((write, i) => expect(write, bodies[i]).toEqual(buildArticleWrite(fields(bodies[i]!))));
    expect(written[0]!.published_at).toBeInstanceOf(Date);
  });

  it('stops a body that runs past the time limit, replaces the worker and keeps serving', async () => {
    const pool = await startPool({ size: 1, timeoutMs: 200 });
    const [before] = pool.workerIds();
    const started = performance.now();
    const err = await failure(pool.toArticleWrite(fields(SLOW_BODY)));
    const elapsed = performance.now() - started;
    expect(err.status).toBe(400);
    expect(err.field).toBe('content');
    expect(err.message).toBe(`${API_MESSAGES.articleContentTooSlow}（上限 0.2 秒）`);
    expect(elapsed).toBeLessThan(1000);
    expect(pool.workerIds()).toHaveLength(1);
    expect(pool.workerIds()).not.toContain(before);
    const write = await pool.toArticleWrite(fields('<h2>之後</h2><p>正常</p>'));
    expect(write.toc).toEqual([{ id: 'heading-1', text: '之後', level: 2 }]);
  });

  it('lets a bounded number of saves wait, and answers the next with 503 and Retry-After', async () => {
    const pool = await startPool({ size: 1, maxQueue: 1, timeoutMs: 30_000 });
    const running = pool.toArticleWrite(fields('<p>一</p>'));
    const waiting = pool.toArticleWrite(fields('<p>二</p>'));
    const err = await failure(pool.toArticleWrite(fields('<p>三</p>')));
    expect(err.status).toBe(503);
    expect(err.message).toBe(API_MESSAGES.articleProcessingBusy);
    expect(err.headers['Retry-After']).toBe('30');
    expect((await running).content_text).toBe('一');
    expect((await waiting).content_text).toBe('二');
  });

  it('refuses what waits when it closes, and everything after', async () => {
    const pool = await startPool({ size: 1, maxQueue: 4 });
    const refused = [pool.toArticleWrite(fields(SLOW_BODY)), pool.toArticleWrite(fields('<p>等待</p>'))].map(failure);
    await pool.close();
    refused.push(failure(pool.toArticleWrite(fields('<p>之後</p>'))));
    for (const err of await Promise.all(refused)) {
      expect(err.status).toBe(503);
      expect(err.message).toBe(API_MESSAGES.serviceUnavailable);
    }
    expect(pool.workerIds()).toEqual([]);
  });

  it('reports a worker that cannot start and refuses saves with 503 instead of hanging', async () => {
    const pool = new ArticleBodyPool({ size: 1, workerUrl: new URL('./no-such-worker.js', import.meta.url) });
    pools.push(pool);
    const save = pool.toArticleWrite(fields('<p>x</p>'));
    await expect(pool.healthy()).resolves.toBeUndefined();
    await expect(pool.ready()).rejects.toThrow();
    const err = await failure(save);
    expect(err.status).toBe(503);
    await expect(pool.healthy()).rejects.toThrow();
  });
});
