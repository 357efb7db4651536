import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk-storage.js';
import { MemoryCachedStorage } from './memory-cache.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe('memory cache in front of a store', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-cache-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers small hot objects from memory and streams large ones from the store', async () => {
    const storage = new MemoryCachedStorage(new DiskStorage(dir), { maxBytes: 100, maxObjectBytes: 20 });
    await storage.ensureReady();
    await storage.put('small.jpg', Buffer.from('small body'), 'image/jpeg');
    await storage.put('large.jpg', Buffer.from('a body longer than twenty bytes'), 'image/jpeg');
    expect(await text(await storage.read('small.jpg'))).toBe('small body');
    expect(await text(await storage.read('large.jpg'))).toBe('a body longer than twenty bytes');
    // Take the files away underneath: only the cached one can still be served.
    await unlink(join(dir, 'small.jpg'));
    await unlink(join(dir, 'large.jpg'));
    expect(await text(await storage.read('small.jpg', { start: 6, end: 9 }))).toBe('body');
    await expect(storage.read('large.jpg')).rejects.toThrow();
  });

  it('evicts the least recently used bodies past its byte budget', async () => {
    const storage = new MemoryCachedStorage(new DiskStorage(dir), { maxBytes: 20, maxObjectBytes: 20 });
    await storage.ensureReady();
    for (const name of ['a', 'b', 'c']) await storage.put(`${name}.jpg`, Buffer.from(`${name}`.repeat(8)), 'image/jpeg');
    await text(await storage.read('a.jpg'));
    await text(await storage.read('b.jpg'));
    await text(await storage.read('a.jpg'));
    await text(await storage.read('c.jpg')); // 24 bytes > 20: b, the least recently used, goes
    for (const name of ['a', 'b', 'c']) await unlink(join(dir, `${name}.jpg`));
    expect(await text(await storage.read('a.jpg'))).toBe('aaaaaaaa');
    expect(await text(await storage.read('c.jpg'))).toBe('cccccccc');
    await expect(storage.read('b.jpg')).rejects.toThrow();
  });
});
