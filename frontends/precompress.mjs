// The built files a browser fetches, compressed once at build time: <file>.br and <file>.gz beside
// each, which the gateway serves as they are (gateway/src/frontends/static-assets.ts) instead of
// compressing every file itself each time a replica starts (1.8 s of CPU per start; on a starved
// host, most of a new gateway's first minute). The levels are the gateway's own for files it
// compresses once and keeps (compression.ts, encodeBoth): brotli 11, gzip 9.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|json|svg)$/;
/** Smaller files go uncompressed (encodeBoth's threshold). */
const MIN_BYTES = 512;

/** Compresses every compressible file under `dist`, except dist/server/ (never sent to browsers). */
export async function precompress(dist) {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    if (file.startsWith(join(dist, 'server'))) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
  }
}
