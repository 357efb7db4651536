// The files the frontends' build compressed (frontends/precompress.mjs) are served as they are,
// without compressing again; a file rebuilt after them is compressed by the gateway; the
// compressed files are never served as files of their own.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types.
import { precompress } from '../../frontends/precompress.mjs';
import { AssetFolder } from '../src/frontends/static-assets.js';

const SCRIPT = `console.log(${JSON.stringify('比特幣'.repeat(400))});`;

describe('files compressed at build time', () => {
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'coinmag-built-'));
    await writeFile(join(dist, 'main.0123456789.js'), SCRIPT);
    await writeFile(join(dist, 'tiny.js'), 'var a;');
    await (precompress as (dir: string) => Promise<void>)(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('the build writes brotli and gzip forms of the file (none for a file under 512 bytes)', async () => {
    expect(existsSync(join(dist, 'tiny.js.br'))).toBe(false);
    expect(brotliDecompressSync(await readFile(join(dist, 'main.0123456789.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(join(dist, 'main.0123456789.js.gz'))).toString()).toBe(SCRIPT);
  });

  it('serves the built forms as they are', async () => {
    // Marked bytes in place of the built forms: what is served is read from them, not made again.
    await writeFile(join(dist, 'main.0123456789.js.br'), 'built-br');
    await writeFile(join(dist, 'main.0123456789.js.gz'), 'built-gz');
    const asset = await new AssetFolder(dist).load('main.0123456789.js');
    expect(asset?.encoded.br?.toString()).toBe('built-br');
    expect(asset?.encoded.gzip?.toString()).toBe('built-gz');
  });

  it('compresses a file itself when it was rebuilt after its built forms', async () => {
    const later = new Date(Date.now() + 60_000);
    await utimes(join(dist, 'main.0123456789.js'), later, later);
    const asset = await new AssetFolder(dist).load('main.0123456789.js');
    expect(brotliDecompressSync(asset!.encoded.br!).toString()).toBe(SCRIPT);
    expect(gunzipSync(asset!.encoded.gzip!).toString()).toBe(SCRIPT);
  });

  it('never serves a compressed form as a file of its own', async () => {
    const folder = new AssetFolder(dist);
    expect(folder.pathOf('main.0123456789.js.br')).toBeNull();
    expect(folder.pathOf('main.0123456789.js.gz')).toBeNull();
    expect(await folder.load('main.0123456789.js.br')).toBeNull();
  });
});
