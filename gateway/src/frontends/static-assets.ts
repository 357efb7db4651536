import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context } from 'koa';
import { answerAsSubresource } from '../security-headers.js';
import { encodeBoth, isCompressible, sendEncoded, type Encoded } from './compression.js';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

/** Types a page loads as a script, stylesheet or font, never as a document of its own. */
const SUBRESOURCE_TYPES = /^(application\/javascript|text\/css|font\/)/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files whose name carries a content hash never change, so browsers keep them for a year;
 * the rest (remoteEntry.js, manifests, the brand logo) keep their name across builds and
 * are revalidated on every use.
 */
export function cacheControlFor(fileName: string): string {
  return /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(fileName) ? IMMUTABLE : 'no-cache';
}

interface CachedAsset {
  mtimeMs: number;
  body: Buffer;
  etag: string;
  contentType: string;
  encoded: Encoded;
}

/**
 * The file's forms compressed at build time (frontends/precompress.mjs: <file>.br and <file>.gz),
 * when both are there and written after the file itself; undefined otherwise (a file rebuilt since,
 * a development build), and the gateway compresses it.
 */
async function builtEncodings(full: string, mtimeMs: number): Promise<Encoded | undefined> {
  const [brInfo, gzInfo] = await Promise.all([stat(`${full}.br`).catch(() => null), stat(`${full}.gz`).catch(() => null)]);
  if (!brInfo?.isFile() || !gzInfo?.isFile() || brInfo.mtimeMs < mtimeMs || gzInfo.mtimeMs < mtimeMs) return undefined;
  const [br, gzip] = await Promise.all([readFile(`${full}.br`), readFile(`${full}.gz`)]);
  return { br, gzip };
}

/** Serves the files of one frontend's dist/ folder, compressed once (at build time, or here) and kept in memory. */
export class AssetFolder {
  private readonly cache = new Map<string, CachedAsset>();
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute path of `relative` inside the folder, or null for anything that tries to leave it. */
  pathOf(relative: string): string | null {
    if (!relative || relative.includes('\0') || relative.split('/').some((part) => part === '..' || part === '')) return null;
    // dist/server/ is the server bundle the gateway renders with, not a file for browsers.
    if (relative.startsWith('server/')) return null;
    // The build's compressed forms go out as a file's Content-Encoding, never as files of their own.
    if (/\.(br|gz)$/.test(relative)) return null;
    const full = resolve(this.root, relative);
    return full.startsWith(this.root + sep) ? full : null;
  }

  async load(relative: string): Promise<CachedAsset | null> {
    const full = this.pathOf(relative);
    if (!full) return null;
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    const cached = this.cache.get(full);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(full);
    const contentType = CONTENT_TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream';
    const asset: CachedAsset = {
      mtimeMs: info.mtimeMs,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      contentType,
      encoded: isCompressible(contentType) ? ((await builtEncodings(full, info.mtimeMs)) ?? (await encodeBoth(body))) : {},
    };
    this.cache.set(full, asset);
    return asset;
  }

  /** A short content hash of a file, used to version unhashed entry URLs; null when it does not exist. */
  async versionOf(relative: string): Promise<string | null> {
    const asset = await this.load(relative);
    return asset ? asset.etag.slice(1, 11) : null;
  }

  /** Answers the request with the file; false when there is no such file. */
  async send(ctx: Context, relative: string): Promise<boolean> {
    const asset = await this.load(relative);
    if (!asset) return false;
    const fileName = relative.slice(relative.lastIndexOf('/') + 1);
    ctx.set('Cache-Control', cacheControlFor(fileName));
    ctx.set('ETag', asset.etag);
    ctx.type = asset.contentType;
    if (SUBRESOURCE_TYPES.test(asset.contentType)) answerAsSubresource(ctx);
    if (ctx.get('If-None-Match') === asset.etag) {
      ctx.status = 304;
      return true;
    }
    ctx.status = 200;
    sendEncoded(ctx, asset.body, asset.encoded);
    return true;
  }

  /** Compresses every file ahead of the first request. */
  async warm(relatives: string[]): Promise<void> {
    for (const relative of relatives) await this.load(relative).catch(() => null);
  }
}

export function joinUrl(...parts: string[]): string {
  return join(...parts).split(sep).join('/');
}
