import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, ARTICLE_LIMITS } from '@coinmag/contracts';
import { ArticleBodyPool } from '../src/articles/article-body-pool.js';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';
import { now, startReaders, startSender, type Answer } from './outside-clients.js';

/**
 * The report: ~2 MB of nested <b> kept the service's only thread in the sanitiser for 209 s
 * while public reads waited. Now the body's size, depth and element count are measured before
 * any parsing, and what passes is sanitised in a worker thread with a time limit: the attack
 * gets a clear error within a second and readers never notice (p99 under 100 ms).
 */

/** Within every limit of ARTICLE_LIMITS, yet seconds of sanitiser work (entity decoding of 2 MB). */
const SLOW_BODY = '&amp;&lt;&#x6A;'.repeat(Math.floor((ARTICLE_LIMITS.contentBytes - 100) / 15));

async function startWithArticles(bodies?: ArticleBodyPool): Promise<{ api: ContentHarness; slugs: string[] }> {
  const api = await startContent(bodies ? { bodies } : {});
  const slugs: string[] = [];
  for (let i = 0; i < 5; i += 1) slugs.push((await insertArticle(api.db)).slug);
  await api.content.bodies.ready();
  return { api, slugs };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!;

/** The figures, printed and named in a failure: the same readers' p99 just before the attack tells a loaded machine from a stalled service. */
function figures(label: string, { answers, reads, before }: UnderAttack): string {
  const slowest = Math.round(Math.max(...answers.map((a) => a.ms)));
  const text = `${label}: ${answers.length} answer(s), slowest ${slowest} ms; public reads during the attack: ${reads.length}, p99 ${Math.round(p99(reads))} ms (just before it, no attack: ${before.length}, p99 ${Math.round(p99(before))} ms)`;
  console.info(text);
  return text;
}

/** What the readers saw: latencies of the public reads started while the attacks were under way. */
interface UnderAttack {
  answers: Answer[];
  reads: number[];
  /** The same readers just before the first attack: what the machine gives without one. */
  before: number[];
}

/**
 * Sends the same admin save again and again (one at a time, the pool back at full strength
 * before the next) while 4 readers fetch public articles in a loop, until the window holds at
 * least `minReads` reads and `minMs` have passed: p99 over a few hundred reads is a figure, over
 * a dozen it is noise. Only reads started inside the attack window count. Readers and attacker
 * run in threads of their own (outside-clients.ts), as they would on other machines.
 */
async function underAttack(
  api: ContentHarness,
  slugs: string[],
  content: string,
  { minReads = 400, minMs = 2000, maxMs = 40_000, once = false } = {},
): Promise<UnderAttack> {
  const form = new FormData();
  for (const [name, value] of Object.entries(articleFields({ content }))) form.append(name, value);
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const sender = startSender(`${api.url}/api/articles/admin`, { authorization: `Bearer ${api.token}`, 'content-type': encoded.headers.get('content-type')! }, body);
  const readers = startReaders(api.url, slugs);
  try {
    // Warm connections, then at least 2 s and 100 reads without an attack, for comparison.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const quietFrom = now();
    do await new Promise((resolve) => setTimeout(resolve, 250));
    while ((now() - quietFrom < 2000 || readers.reads.filter((read) => read.at >= quietFrom).length < 100) && now() - quietFrom < 10_000);
    const answers: Answer[] = [];
    const from = now();
    const inWindow = () => readers.reads.filter((read) => read.at >= from).length;
    do {
      answers.push(await sender.send());
      await api.content.bodies.ready();
    } while (!once && (now() - from < minMs || inWindow() < minReads) && now() - from < maxMs);
    const to = now();
    const all = await readers.stop();
    const reads = all.filter((read) => read.at >= from && read.at < to);
    for (const read of reads) expect(read.status).toBe(200);
    const before = all.filter((read) => read.at >= quietFrom && read.at + read.ms < from).map((read) => read.ms);
    return { answers, reads: reads.map((read) => read.ms), before };
  } finally {
    await readers.stop();
    await sender.stop();
  }
}

describe('an article body built to stall the sanitiser', () => {
  let api: ContentHarness;
  let slugs: string[];
  beforeAll(async () => {
    ({ api, slugs } = await startWithArticles());
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ['100,000 nested <b> (4.7 s before)', '<b>'.repeat(100_000) + 'x'],
    ['690,000 nested <b>, just under 2 MB (minutes before)', '<b>'.repeat(690_000) + 'x'],
  ])('refuses %s within a second while public reads keep p99 under 100 ms', async (_name, content) => {
    const measured = await underAttack(api, slugs, content);
    const { answers, reads } = measured;
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('content');
      expect(answer.body.error).toContain(API_MESSAGES.articleContentTooComplex);
    }
    const text = figures('nested <b>', measured);
    expect(Math.max(...answers.map((a) => a.ms)), text).toBeLessThan(1000);
    expect(reads.length).toBeGreaterThanOrEqual(400);
    expect(p99(reads), text).toBeLessThan(100);
    expect(Number((await api.db('articles').count({ n: '*' }).first())?.n)).toBe(5);
  }, 60_000);

  it('refuses more elements than the limit, even when flat', async () => {
    const res = await adminClient(api).createArticle(articleFields({ content: '<br>'.repeat(ARTICLE_LIMITS.contentElements + 1) }));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(`${ARTICLE_LIMITS.contentElements} 個標籤`);
  });

  it('answers a body over 2 MB with a 413 that says what is too large', async () => {
    const res = await adminClient(api).createArticle(articleFields({ content: `<p>${'比'.repeat(ARTICLE_LIMITS.contentBytes / 3)}</p>` }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(API_MESSAGES.articleContentTooLarge);
  });

  it('says the same, not the image text, for a body far over 2 MB (cut off while read)', async () => {
    const res = await adminClient(api).createArticle(articleFields({ content: `<p>${'x'.repeat(3 * ARTICLE_LIMITS.contentBytes)}</p>` }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(API_MESSAGES.articleContentTooLarge);
  });

  it('still accepts deep-enough and long real content', async () => {
    const nested = `${'<blockquote>'.repeat(20)}<p><strong><em>深</em></strong></p>${'</blockquote>'.repeat(20)}`;
    const paragraphs = Array.from({ length: 2000 }, (_, i) => `<p>第 ${i} 段：比特幣<strong>入門</strong></p><p>x<br>y</p>`).join('');
    const res = await adminClient(api).createArticle(articleFields({ content: nested + paragraphs }));
    expect(res.status).toBe(201);
    expect(res.body.content).toContain('<em>深</em>');
  }, 30_000);
});

describe('a body within the limits that takes seconds to sanitise', () => {
  it('is saved by a worker thread while public reads keep p99 under 100 ms', async () => {
    // A time limit far above what this body needs even on a loaded machine: the save must succeed.
    const { api, slugs } = await startWithArticles(new ArticleBodyPool({ timeoutMs: 100_000 }));
    try {
      const measured = await underAttack(api, slugs, SLOW_BODY, { once: true });
      const { answers, reads } = measured;
      const [answer] = answers;
      expect(answer!.status, JSON.stringify(answer!.body).slice(0, 200)).toBe(201);
      expect(answer!.body.content.startsWith('&amp;&lt;j&amp;&lt;j')).toBe(true);
      const text = figures('2 MB body within the limits, saved', measured);
      expect(reads.length).toBeGreaterThanOrEqual(100);
      expect(p99(reads), text).toBeLessThan(100);
    } finally {
      await api.close();
    }
  }, 150_000);

  it('is refused past the time limit within a second, the worker replaced, while public reads keep p99 under 100 ms', async () => {
    const { api, slugs } = await startWithArticles(new ArticleBodyPool({ timeoutMs: 300 }));
    try {
      const workers = api.content.bodies.workerIds();
      const measured = await underAttack(api, slugs, SLOW_BODY);
      const { answers, reads } = measured;
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: `${API_MESSAGES.articleContentTooSlow}（上限 0.3 秒）`, field: 'content' });
      }
      const text = figures('2 MB body past a 0.3 s time limit', measured);
      expect(Math.max(...answers.map((a) => a.ms)), text).toBeLessThan(1000);
      expect(reads.length).toBeGreaterThanOrEqual(400);
      expect(p99(reads), text).toBeLessThan(100);
      expect(api.content.bodies.workerIds()).toHaveLength(1);
      expect(api.content.bodies.workerIds()).not.toEqual(workers);
      expect(Number((await api.db('articles').count({ n: '*' }).first())?.n)).toBe(5);
      const res = await adminClient(api).createArticle(articleFields());
      expect(res.status).toBe(201);
    } finally {
      await api.close();
    }
  }, 90_000);
});
