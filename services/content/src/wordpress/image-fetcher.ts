import http from 'node:http';
import https from 'node:https';
import { guardedLookup, hostAllowed, refusedLiteral, refusedMessage } from '../outbound/outbound-address.js';

export interface ImageFetchLimits {
  /** Whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Hosts (name or name:port) whose private or loopback addresses are allowed (WORDPRESS_IMAGE_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

export const DEFAULT_IMAGE_FETCH_LIMITS: ImageFetchLimits = { timeoutMs: 30_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5, allowedHosts: [] };

export class ImageFetchError extends Error {
  constructor(
    message: string,
    /** The old site is down or too slow (timeout, no connection, 5xx), not just missing this image. */
    readonly hostTrouble = false,
  ) {
    super(message);
  }
}

/** Image formats the media service accepts, told by their first bytes. */
export function looksLikeImage(head: Buffer): boolean {
  if (head.length < 12) return false;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return true;
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return true;
  return head.subarray(4, 8).toString('latin1') === 'ftyp';
}

interface Fetched {
  data: Buffer;
  mimeType: string;
}

function requestOnce(url: URL, limits: ImageFetchLimits, deadline: AbortSignal): Promise<{ redirect?: string; fetched?: Fetched }> {
  const allowPrivate = hostAllowed(url, limits.allowedHosts);
  if (refusedLiteral(url, allowPrivate)) return Promise.reject(new ImageFetchError(refusedMessage(url.hostname)));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup(allowPrivate, (host) => new ImageFetchError(refusedMessage(host))), signal: deadline, headers: { accept: 'image/*', 'user-agent': 'coinmag-wordpress-import' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ redirect: response.headers.location });
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new ImageFetchError(`原站回應 HTTP ${status}`, status >= 500));
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        reject(new ImageFetchError(`圖片超過 ${Math.round(limits.maxBytes / 1024 / 1024)} MB`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(new ImageFetchError(`圖片超過 ${Math.round(limits.maxBytes / 1024 / 1024)} MB`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (err) => reject(err));
      response.on('end', () => resolve({ fetched: { data: Buffer.concat(chunks), mimeType: String(response.headers['content-type'] ?? '') } }));
    });
    request.on('error', reject);
  });
}

/**
 * Fetches one image from the old site with every bound (docs/security.md, outbound fetches):
 * http(s) only, redirects only to http(s) and counted, private addresses refused unless the host
 * is allowed, a deadline over the whole fetch, a size limit, and bytes that must be an image.
 */
export async function fetchImage(rawUrl: string, limits: ImageFetchLimits = DEFAULT_IMAGE_FETCH_LIMITS): Promise<Fetched> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError('只接受 http(s) 網址');
    let answer: { redirect?: string; fetched?: Fetched };
    try {
      answer = await requestOnce(url, limits, deadline);
    } catch (err) {
      if (err instanceof ImageFetchError) throw err;
      if (deadline.aborted) throw new ImageFetchError('原站回應逾時', true);
      throw new ImageFetchError(`無法連線到原站（${(err as NodeJS.ErrnoException).code ?? 'error'}）`, true);
    }
    if (answer.fetched) {
      if (!looksLikeImage(answer.fetched.data.subarray(0, 16))) throw new ImageFetchError('內容不是圖片');
      return answer.fetched;
    }
    if (hop >= limits.maxRedirects) throw new ImageFetchError('轉址次數過多');
    url = new URL(answer.redirect!, url);
  }
}
