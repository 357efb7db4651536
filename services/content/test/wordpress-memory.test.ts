import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticExport } from '../../../scripts/bench/wordpress/synthetic-export.js';
import { indexExport } from '../src/wordpress/wxr-scan.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * What the import keeps between the passes over an export (its index) holds ids and URLs, not
 * the file: text cut from a chunk of the stream must not keep the chunk alive.
 */
describe('WordPress export index memory', () => {
  let directory: string;
  let file: string;
  let attachments = 0;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'coinmag-wxr-memory-'));
    file = join(directory, 'export.xml');
    attachments = (await writeSyntheticExport(file, 30)).posts;
  }, 60_000);
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps a 30 MB export\'s index in a few MB', async () => {
    const before = liveHeap();
    const index = await indexExport(file);
    const held = liveHeap() - before;
    expect(index.attachments.size).toBe(attachments);
    // ~3,000 attachment URLs and the terms: about 1 MB. Kept chunks of the file would be 30 MB and more.
    expect(held).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});
