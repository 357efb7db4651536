import { describe, expect, it } from 'vitest';
import { cacheChange, cacheChangesHeader } from '@coinmag/contracts';
import { GatewayCache } from '../src/cache/response-cache.js';
import { applyWriteChanges } from '../src/cache/write-changes.js';

/** What an admin write's answer makes the gateway that relayed it evict (gateway/src/cache/write-changes.ts). */
describe('the changes a write names, applied by the gateway that relayed it', () => {
  const filled = () => {
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const put = (key: string, deps: string[]) => cache.set(key, cache.ticket(), { status: 200, headers: {}, body: Buffer.from(key), deps });
    put('/api/settings', ['settings']);
    put('/api/categories', ['categories']);
    put('/api/articles', ['articles', 'categories']);
    put('/', ['articles', 'categories', 'settings']);
    const kept = () => ['/api/settings', '/api/categories', '/api/articles', '/'].filter((key) => cache.get(key)?.fresh);
    return { cache, put, kept };
  };

  it('evicts exactly what the named changes depend on', () => {
    const { cache, kept } = filled();
    applyWriteChanges(cache, cacheChangesHeader([cacheChange({ type: 'invalidate', deps: ['categories'] }, 'c1')]));
    expect(kept()).toEqual(['/api/settings']);
  });

  it('evicts nothing for a write that names no change (an autosave, a refused write)', () => {
    const { cache, kept } = filled();
    applyWriteChanges(cache, '[]');
    expect(kept()).toEqual(['/api/settings', '/api/categories', '/api/articles', '/']);
  });

  it('applies a change once: the stream bringing it again evicts nothing cached since', () => {
    const { cache, put, kept } = filled();
    const change = cacheChange({ type: 'invalidate', deps: ['settings'] }, 'same-id');
    applyWriteChanges(cache, cacheChangesHeader([change]));
    expect(kept()).toEqual(['/api/categories', '/api/articles']);
    put('/api/settings', ['settings']);
    expect(cache.apply(change)).toBe(false);
    expect(kept()).toEqual(['/api/settings', '/api/categories', '/api/articles']);
  });

  it('drops everything when the answer does not say what the write changed (none, or not well formed)', () => {
    for (const header of [undefined, 'articles', '{"type":"invalidate"}', '[{"type":"invalidate","deps":"articles","id":"x","at":1}]']) {
      const { cache, kept } = filled();
      applyWriteChanges(cache, header);
      expect(kept(), String(header)).toEqual([]);
    }
  });
});
