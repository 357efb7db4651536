import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aspectUrls, type UploadResponse } from '@coinmag/contracts';
import { createImageLanes, type ImageLanes, type WorkQueue } from '../src/images/work-queue.js';
import { StorageUnavailableError, type ByteRange, type ObjectStorage } from '../src/storage/object-storage.js';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { noisy, solid } from './support/fixtures.js';
import { startMedia, upload, type RunningMedia } from './support/service.js';

const keys = createTestKeys();

/** A lane that counts the jobs it was given (each one a drawing). */
function counted(inner: WorkQueue): WorkQueue & { jobs: number } {
  const lane = {
    jobs: 0,
    get running() {
      return inner.running;
    },
    get waiting() {
      return inner.waiting;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      lane.jobs++;
      return inner.run(task);
    },
  };
  return lane;
}

/** The store, with reads of chosen keys held until `release()` and every put counted. */
function watchedStore(inner: ObjectStorage) {
  const held = new Set<string>();
  const failing = new Set<string>();
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const puts: string[] = [];
  const storage: ObjectStorage = {
    kind: inner.kind,
    ensureReady: () => inner.ensureReady(),
    check: () => inner.check(),
    stat: (key) => inner.stat(key),
    list: (prefix) => inner.list(prefix),
    async put(key: string, data: Buffer, type: string) {
      puts.push(key);
      await inner.put(key, data, type);
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      if (held.has(key)) await gate;
      if (failing.has(key)) throw new StorageUnavailableError(new Error('read failed'));
      return inner.read(key, range);
    },
  };
  return {
    storage,
    puts,
    hold: (key: string) => held.add(key),
    failReads: (key: string) => failing.add(key),
    release: () => {
      release();
      held.clear();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

const stemOf = (url: string) => url.replace('/uploads/', '').replace(/\.[a-z]+$/, '');

describe('crops made on demand', () => {
  const adapter = diskAdapter();
  let store: ReturnType<typeof watchedStore>;
  let lanes: ImageLanes;
  let onDemand: ReturnType<typeof counted>;
  let service: RunningMedia;
  let uploaded: UploadResponse;

  beforeAll(async () => {
    await adapter.setUp();
    store = watchedStore(await adapter.fresh());
    lanes = createImageLanes({ concurrency: 2, queueLimit: 20, onDemandConcurrency: 1, onDemandQueueLimit: 2 });
    onDemand = counted(lanes.onDemand);
    service = await startMedia(store.storage, keys.publicKey, 2, { lanes: { uploads: lanes.uploads, onDemand } });
    await service.media.seedDemoCovers();
    uploaded = (await (await upload(service.url, keys.token(), await noisy(1600, 900).jpeg().toBuffer(), 'cover.jpg', 'image/jpeg')).json()) as UploadResponse;
  });
  afterEach(() => store.release());
  afterAll(async () => {
    await service?.close();
    await adapter.tearDown();
  });

  it('never takes a crop, a variant or a card as a source: a chain of suffixes is a 404 that draws and stores nothing', async () => {
    const stem = stemOf(uploaded.url);
    // The legitimate crops first, so every link of the chains below exists as an object.
    for (const url of [...aspectUrls(uploaded.url)!, ...aspectUrls('/uploads/demo-wallet.jpg')!]) expect((await fetch(service.url + url)).status, url).toBe(200);
    await store.storage.put('card-0123abcd-89abcdef.png', await solid(1200, 630).png().toBuffer(), 'image/png');
    await store.storage.put('older-cover.jpg', await solid(800, 600).jpeg().toBuffer(), 'image/jpeg');
    const objects = await store.storage.list();
    const jobs = onDemand.jobs;

    const chains = [
      'demo-wallet-a16x9-a16x9.webp',
      'demo-wallet-a16x9-a16x9-a16x9.webp',
      'demo-wallet-w480-a1x1.webp',
      'demo-wallet-w480-a1x1-a4x3.webp',
      'demo-wallet-w2048-a4x3.webp',
      `${stem}-a16x9-a1x1.webp`,
      `${stem}-w960-a4x3.webp`,
      `${stem}-a1x1-w480-a16x9.webp`,
      'card-0123abcd-89abcdef-a16x9.webp',
      'older-cover-a1x1.webp',
    ];
    for (const name of chains) {
      const res = await fetch(`${service.url}/uploads/${name}`);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({ error: '找不到圖片' });
    }
    expect(onDemand.jobs).toBe(jobs);
    expect(await store.storage.list()).toEqual(objects);
  });

  it('cuts the crops of an original once for any number of identical requests at the same time', async () => {
    const original = await noisy(1200, 800).jpeg().toBuffer();
    const stem = 'abcdef0123456789abcdef0123456789';
    await store.storage.put(`${stem}.jpg`, original, 'image/jpeg');
    const jobs = onDemand.jobs;
    const putsBefore = store.puts.length;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fetch(`${service.url}/uploads/${stem}-a${['16x9', '4x3', '1x1'][i % 3]}.webp`).then(async (res) => ({ status: res.status, body: Buffer.from(await res.arrayBuffer()) }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers[3]!.body.equals(answers[0]!.body)).toBe(true);
    expect((await sharp(answers[2]!.body).metadata()).width).toBe(1200);
    expect(onDemand.jobs - jobs).toBe(1);
    expect(store.puts.slice(putsBefore).sort()).toEqual([`${stem}-a16x9.webp`, `${stem}-a1x1.webp`, `${stem}-a4x3.webp`]);
  });

  it('keeps uploads going while its lane is full, and answers a crop past it 503 with Retry-After, never 404', async () => {
    const source = await solid(900, 600, '#aa3300').jpeg().toBuffer();
    const stems = Array.from({ length: 4 }, (_, i) => `${String(i).repeat(8)}${'f'.repeat(24)}`);
    for (const stem of stems) {
      await store.storage.put(`${stem}.jpg`, source, 'image/jpeg');
      store.hold(`${stem}.jpg`);
    }
    // One crop cutting (held on reading its original) and two waiting: the lane is full.
    const crops = stems.slice(0, 3).map((stem) => fetch(`${service.url}/uploads/${stem}-a16x9.webp`));
    while (onDemand.running + onDemand.waiting < 3) await new Promise((resolve) => setTimeout(resolve, 10));

    const refused = await fetch(`${service.url}/uploads/${stems[3]}-a16x9.webp`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ error: '圖片處理忙碌中，請稍後再試' });

    const token = keys.token();
    const uploads = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => (await upload(service.url, token, await solid(640, 360, `#00${i}0${i}0`).jpeg().toBuffer(), `u${i}.jpg`, 'image/jpeg')).status),
    );
    expect(uploads).toEqual(Array(6).fill(201));
    expect(onDemand.running + onDemand.waiting).toBe(3);

    store.release();
    expect((await Promise.all(crops)).map((res) => res.status)).toEqual([200, 200, 200]);
    expect((await fetch(`${service.url}/uploads/${stems[3]}-a16x9.webp`)).status).toBe(200);
  });

  it('answers 503, not 404, when the store fails while the original is read', async () => {
    const stem = 'fedcba9876543210fedcba9876543210';
    await store.storage.put(`${stem}.jpg`, await solid(900, 600).jpeg().toBuffer(), 'image/jpeg');
    store.failReads(`${stem}.jpg`);
    const res = await fetch(`${service.url}/uploads/${stem}-a4x3.webp`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: '圖片儲存服務暫時無法使用，請稍後再試' });
  });
});
