import { ProviderError, type ProviderName } from './provider.js';

/** No provider answer we read is larger (CoinGecko's 90-day chart of one coin is about 100 KB). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. Capped at an hour. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 3_600_000) : undefined;
}

/**
 * GETs a provider's JSON within `timeoutMs` (connect, headers and body together) and at most
 * `maxBytes` (MAX_ANSWER_BYTES unless said). A 429 or 5xx, an unreadable or oversized body, or no answer at all throws a
 * ProviderError; the caller validates what it parses.
 */
export async function getProviderJson(provider: ProviderName, url: URL, timeoutMs: number, maxBytes = MAX_ANSWER_BYTES): Promise<unknown> {
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
  } catch (err) {
    throw new ProviderError(provider, 'unreachable', `no answer (${(err as Error).name})`);
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new ProviderError(provider, 'rate-limited', 'rate limited (429)', retryAfterMs(response.headers.get('retry-after')));
  }
  if (!response.ok) {
    await response.body?.cancel();
    const failure = response.status >= 500 ? 'unavailable' : 'malformed';
    throw new ProviderError(provider, failure, `answered ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
  }
  const text = await readBounded(provider, response, signal, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(provider, 'malformed', 'answer is not JSON');
  }
}

async function readBounded(provider: ProviderName, response: Response, signal: AbortSignal, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ProviderError(provider, 'malformed', `answer of ${declared} bytes is over the limit`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError(provider, 'malformed', 'answer is over the size limit');
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError(provider, 'unreachable', signal.aborted ? 'answer timed out' : 'answer cut off');
  }
  return Buffer.concat(chunks).toString('utf8');
}
