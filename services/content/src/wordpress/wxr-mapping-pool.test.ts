import { afterAll, describe, expect, it } from 'vitest';
import { PostMappingError, WxrMappingPool } from './wxr-mapping-pool.js';
import type { WxrItem } from './wxr-parser.js';

function post(postId: number, content: string): WxrItem {
  return { title: `文章 ${postId}`, link: '', creator: '', content, excerpt: '', postId, postDateGmt: '2024-01-01 00:00:00', postDate: '', postName: `p${postId}`, status: 'publish', postType: 'post', postParent: 0, attachmentUrl: '', meta: {}, terms: [], oversized: [] };
}
const context = () => ({ attachments: new Map<number, string>(), categorySlugs: new Map<string, string>(), now: new Date('2026-01-01T00:00:00Z') });
/** 2 MB of captions to convert: a few hundred milliseconds of mapping even in linear time. */
const heavy = '[caption]<img src="http://a.test/x.jpg">x[/caption]'.repeat(40_000);

describe('WordPress mapping pool', () => {
  const pool = new WxrMappingPool({ timeoutMs: 50 });
  afterAll(() => pool.close());

  it('maps posts in a worker while the event loop stays free', async () => {
    const light = await pool.map(post(1, '<p>內文</p>'), context());
    expect(light).toMatchObject({ wpPostId: 1, content: '<p>內文</p>' });

    const roomy = new WxrMappingPool({ timeoutMs: 60_000 });
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    let elapsed = 0;
    try {
      await roomy.map(post(0, ''), context());
      const started = performance.now();
      const mapped = await roomy.map(post(2, heavy), context());
      elapsed = performance.now() - started;
      expect(mapped.wpPostId).toBe(2);
    } finally {
      clearInterval(ticker);
      await roomy.close();
    }
    // The mapping's own time is the worker's: on the event loop it would be one gap as long as all of it.
    expect(elapsed).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(elapsed / 2);
  });

  it('stops a post past its time limit, reports it, and maps the next one with a fresh worker', async () => {
    await expect(pool.map(post(3, heavy), context())).rejects.toThrow(new PostMappingError('內文過於複雜，無法在 0.05 秒內轉換'));
    expect(await pool.map(post(4, '<p>下一篇</p>'), context())).toMatchObject({ wpPostId: 4 });
  });
});
