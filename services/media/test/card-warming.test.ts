import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { SocialCardWarmer } from '../../content/src/articles/card-warmer.js';
import { adminClient, articleFields } from '../../content/test/admin-client.js';
import { startContent, type ContentHarness } from '../../content/test/content-harness.js';
import type { ObjectStorage } from '../src/storage/object-storage.js';
import { minioAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { startMedia, type RunningMedia } from './support/service.js';

/** A save has the real media service draw the article's card off the save's path (real content, Postgres, Redis, S3). */
describe('social cards drawn after a save', () => {
  const keys = createTestKeys();
  const s3 = minioAdapter();
  let content: ContentHarness;
  let media: RunningMedia;
  let storage: ObjectStorage;
  let warmer: SocialCardWarmer;

  beforeAll(async () => {
    await s3.setUp();
    warmer = new SocialCardWarmer(() => media.url, createLogger('warm-test', 'silent'));
    content = await startContent({ cards: warmer });
    storage = await s3.fresh();
    media = await startMedia(storage, keys.publicKey, 2, { contentUrl: content.url });
  }, 60_000);
  afterAll(async () => {
    await media?.close();
    await content?.close();
    await s3.tearDown();
  });

  it('draws the card of a public article without a cover once saved, and none for a draft', async () => {
    const admin = adminClient(content);
    const draft = await admin.createArticle(articleFields({ title: '還是草稿', status: 'draft' }));
    expect(draft.status).toBe(201);
    await warmer.idle();
    expect(await storage.list('card-')).toEqual([]);

    const saved = await admin.createArticle(articleFields({ title: '儲存後就有分享圖片' }));
    expect(saved.status).toBe(201);
    await warmer.idle();
    expect(await storage.list('card-')).toHaveLength(1);

    await admin.updateArticle(saved.body.id, articleFields({ title: '標題改了，圖片跟著重畫', slug: saved.body.slug }));
    await warmer.idle();
    expect(await storage.list('card-')).toHaveLength(2);
  });

  it('draws the card of a scheduled article when the scheduler publishes it', async () => {
    const admin = adminClient(content);
    const before = (await storage.list('card-')).length;
    const due = new Date(Date.now() + 1_000);
    const scheduled = await admin.createArticle(articleFields({ title: '排程文章的分享圖片', status: 'scheduled', published_at: due.toISOString() }));
    expect(scheduled.status).toBe(201);
    await warmer.idle();
    expect(await storage.list('card-')).toHaveLength(before);
    content.setNow(new Date(due.getTime() + 1_000));
    try {
      expect((await content.content.scheduler.tick()).map((row) => row.slug)).toEqual([scheduled.body.slug]);
      await warmer.idle();
    } finally {
      content.setNow(undefined as unknown as Date);
    }
    expect(await storage.list('card-')).toHaveLength(before + 1);
  });
});
