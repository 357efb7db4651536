import { afterAll, describe, expect, it } from 'vitest';
import { draftPost } from './wxr-mapping.js';
import { PostMappingError, WxrMappingPool } from './wxr-mapping-pool.js';
import type { WxrItem } from './wxr-parser.js';

function post(postId: number, content: string): WxrItem {
  return { title: `文章 ${postId}`, link: '', creator: '', content, excerpt: '', postId, postDateGmt: '2024-01-01 00:00:00', postDate: '', postName: `p${postId}`, status: 'publish', postType: 'post', postParent: 0, attachmentUrl: '', meta: {}, terms: [], oversized: [] };
}
const context = () => ({ attachments: new Map<number, string>(), categorySlugs: new Map<string, string>(), now: new Date('2026-01-01T00:00:00Z') });
const CAPTION = '[caption]<img src="http://a.test/x.jpg">x[/caption]';
/** Milliseconds of mapping on this thread the heavy post must take, whatever the machine's speed. */
const HEAVY_MS = 200;

/**
 * A post of captions that takes at least HEAVY_MS to map on this thread (doubled until it does),
 * and how long it took: the measure the worker's mapping is held against.
 */
function heavyPost(): { content: string; inlineMs: number } {
  for (let count = 10_000; ; count *= 2) {
    const content = CAPTION.repeat(count);
    const started = performance.now();
    draftPost(post(0, content), context());
    const inlineMs = performance.now() - started;
    if (inlineMs >= HEAVY_MS || count >= 1_280_000) return { content, inlineMs };
  }
}
const heavy = heavyPost();

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
      const mapped = await roomy.map(post(2, heavy.content), context());
      elapsed = performance.now() - started;
      expect(mapped.wpPostId).toBe(2);
    } finally {
      clearInterval(ticker);
      await roomy.close();
    }
    // The mapping's own time is the worker's: on the event loop it would be one gap as long as the
    // same mapping took here.
    expect(heavy.inlineMs).toBeGreaterThanOrEqual(HEAVY_MS);
    expect(elapsed).toBeGreaterThan(longestGap);
    expect(longestGap).toBeLessThan(heavy.inlineMs / 2);
  });

  it('stops a post past its time limit, reports it, and maps the next one with a fresh worker', async () => {
    await expect(pool.map(post(3, heavy.content), context())).rejects.toThrow(new PostMappingError('內文過於複雜，無法在 0.05 秒內轉換'));
    expect(await pool.map(post(4, '<p>下一篇</p>'), context())).toMatchObject({ wpPostId: 4 });
  });
});
