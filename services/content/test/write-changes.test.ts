import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANGES_HEADER, CACHE_EVENTS_PATH, parseCacheChanges, type CacheChangeEvent } from '@coinmag/contracts';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

/**
 * The answer to every write names the changes it announced (x-cache-changes), the very ones the
 * stream carries (same ids), so the gateway that relayed it evicts exactly those at once and no
 * other change; a write that changes no public answer names none (services/content/src/cache/cache-events.writes.ts).
 */
describe('the changes a write names on its answer', () => {
  let api: ContentHarness;
  let events: CacheChangeEvent[];
  let stream: AbortController;
  const heard = new Set<(event: CacheChangeEvent) => void>();
  /** Resolves with the stream's change of this id (the stream delivers after the answer, asynchronously). */
  const streamed = (id: string) =>
    new Promise<CacheChangeEvent>((resolve, reject) => {
      const found = events.find((event) => event.id === id);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`change ${id} not on the stream within 2 s`)), 2_000);
      const listener = (event: CacheChangeEvent) => {
        if (event.id !== id) return;
        clearTimeout(timer);
        heard.delete(listener);
        resolve(event);
      };
      heard.add(listener);
    });

  beforeAll(async () => {
    api = await startContent();
    events = [];
    stream = new AbortController();
    const res = await fetch(api.url + CACHE_EVENTS_PATH, { signal: stream.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffered += value;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          const event = JSON.parse(line) as { type: string };
          if (event.type !== 'invalidate' && event.type !== 'reset') continue;
          events.push(event as CacheChangeEvent);
          for (const listener of heard) listener(event as CacheChangeEvent);
        }
      }
    })();
  });
  afterAll(async () => {
    stream?.abort();
    await api?.close();
  });

  const named = (headers: Headers) => parseCacheChanges(headers.get(CACHE_CHANGES_HEADER) ?? undefined);

  it('an article edit names the articles change the stream announces, with its id', async () => {
    const { id, slug } = await insertArticle(api.db, { slug: 'named-change', title: '命名的變更' });
    const res = await adminClient(api).updateArticle(id, articleFields({ title: '改過', slug }));
    expect(res.status).toBe(200);
    const changes = named(res.headers)!;
    expect(changes.map((change) => change.type === 'invalidate' && change.deps)).toEqual([['articles']]);
    // The stream carries the same change: same id, same dependencies, same announcement time.
    expect(await streamed(changes[0]!.id)).toEqual(changes[0]);
  });

  it('settings and categories name theirs; an autosave, a refused write and a preview link name none', async () => {
    const admin = adminClient(api);
    const settings = await admin.json('PUT', '/api/settings/admin', { site_title: '命名測試' });
    expect(named(settings.headers)!.map((change) => change.type === 'invalidate' && change.deps)).toEqual([['settings']]);
    const category = await admin.json('POST', '/api/categories/admin', { name: '命名分類' });
    expect(named(category.headers)!.map((change) => change.type === 'invalidate' && change.deps)).toEqual([['categories']]);

    const { id } = await insertArticle(api.db, { slug: 'named-draft', title: '草稿', status: 'draft' });
    const autosave = await admin.json('PUT', `/api/articles/admin/${id}/autosave`, { title: '打字中', excerpt: '', content: '<p>打字中</p>', meta_title: '', meta_description: '', tags: [], category_id: null, status: 'draft', published_at: null, base_version: null });
    expect(autosave.status).toBe(200);
    expect(named(autosave.headers)).toEqual([]);
    const refused = await admin.json('PUT', `/api/articles/admin/${id}/autosave`, { title: 1 });
    expect(refused.status).toBe(400);
    expect(named(refused.headers)).toEqual([]);
    const preview = await admin.json('POST', `/api/articles/admin/${id}/preview-links`, { days: 1 });
    expect(preview.status).toBe(201);
    expect(named(preview.headers)).toEqual([]);
  });
});
