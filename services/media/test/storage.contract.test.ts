import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError, type ObjectStorage } from '../src/storage/object-storage.js';
import { ADAPTERS, cached } from './support/adapters.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe.each([...ADAPTERS, ...ADAPTERS.map(cached)].map((make) => [make().name, make] as const))('object storage contract: %s', (_name, make) => {
  const adapter = make();
  let storage: ObjectStorage;

  beforeAll(async () => {
    await adapter.setUp();
    storage = await adapter.fresh();
  });
  afterAll(() => adapter.tearDown());

  it('stores an object and reports its size and a quoted validator', async () => {
    await storage.put('abc123.jpg', Buffer.from('hello world'), 'image/jpeg');
    const info = await storage.stat('abc123.jpg');
    expect(info?.size).toBe(11);
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    expect(info?.lastModified).toBeInstanceOf(Date);
    expect(await text(await storage.read('abc123.jpg'))).toBe('hello world');
  });

  it('reads an inclusive byte range', async () => {
    await storage.put('ranged.png', Buffer.from('0123456789'), 'image/png');
    expect(await text(await storage.read('ranged.png', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.read('ranged.png', { start: 9, end: 9 }))).toBe('9');
  });

  it('overwrites in place and changes the validator when the content changes', async () => {
    await storage.put('replace.webp', Buffer.from('first'), 'image/webp');
    const before = await storage.stat('replace.webp');
    await new Promise((r) => setTimeout(r, 20));
    await storage.put('replace.webp', Buffer.from('second version'), 'image/webp');
    const after = await storage.stat('replace.webp');
    expect(after?.size).toBe(14);
    expect(after?.etag).not.toBe(before?.etag);
  });

  it('answers undefined for a key that is not stored', async () => {
    expect(await storage.stat('missing.jpg')).toBeUndefined();
  });

  it('lists keys by prefix', async () => {
    await storage.put('listme-w480.webp', Buffer.from('a'), 'image/webp');
    await storage.put('listme.jpg', Buffer.from('b'), 'image/jpeg');
    expect(await storage.list('listme')).toEqual(['listme-w480.webp', 'listme.jpg']);
  });

  it('refuses keys that are paths, whatever the caller', async () => {
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid object key/);
    await expect(storage.stat('a/b.jpg')).rejects.toThrow(/invalid object key/);
  });

  it('passes its readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('reports a store that is down as unavailable on every call', async () => {
    const down = await adapter.down();
    await expect(down.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.put('x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.stat('x.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
