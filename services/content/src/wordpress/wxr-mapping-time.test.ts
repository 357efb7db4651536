import { describe, expect, it } from 'vitest';
import { decideItem } from './wxr-mapping.js';
import type { WxrItem } from './wxr-parser.js';

const MB = 1024 * 1024;
const repeat = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));

function post(content: string, excerpt = ''): WxrItem {
  return { title: '攻擊', link: '', creator: '', content, excerpt, postId: 1, postDateGmt: '2024-01-01 00:00:00', postDate: '', postName: 'attack', status: 'publish', postType: 'post', postParent: 0, attachmentUrl: '', meta: {}, terms: [], oversized: [] };
}

const context = { attachments: new Map<number, string>(), categorySlugs: new Map<string, string>(), now: new Date('2026-01-01T00:00:00Z') };

/**
 * Every pattern the mapping looks for, opened 1 MB worth of times and never closed: a search that
 * starts over at each opener takes minutes here (`[caption]` × 120,000 took 16 s); one that reads
 * the body once takes milliseconds.
 */
describe('WordPress post mapping time', () => {
  const bodies: Record<string, string> = {
    '[caption] without [/caption]': repeat('[caption]'),
    '[caption without ]': repeat('[caption '),
    '[wp_caption] without a closer': repeat('[wp_caption]x'),
    '[embed] without [/embed]': repeat('[embed]'),
    '[gallery without ]': repeat('[gallery '),
    'gallery attributes without =': `[gallery ${repeat('a')}]`,
    'other shortcodes without ]': repeat('[a '),
    'block comments without -->': repeat('<!-- wp:x '),
    '<img without >': repeat('<img '),
    '<img src=" without a closing quote': repeat('<img src="'),
    '<script without >': repeat('<script'),
    'comments without -->': repeat('<!--'),
  };
  for (const [name, body] of Object.entries(bodies)) {
    it(`maps a 1 MB body of ${name} in under 3 s (minutes before)`, () => {
      const started = performance.now();
      const decision = decideItem(post(body, body), context);
      const elapsed = performance.now() - started;
      expect(decision.kind).toBe('post');
      expect(elapsed).toBeLessThan(3000);
    });
  }

  it('still converts what is closed among what is not', () => {
    const decision = decideItem(post(`${repeat('[wp_caption]x')}[caption caption="說明"]<img src="http://a.test/x.jpg">[/caption]`), context);
    if (decision.kind !== 'post') throw new Error('not a post');
    expect(decision.post.content.endsWith('<figure><img src="http://a.test/x.jpg"><figcaption>說明</figcaption></figure></p>')).toBe(true);
  });
});
