import { describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { refreshTickerAfterSettings } from '../src/markets/ticker-after-settings.js';

/** How many times the ticker was drawn again after one request passed the middleware with this answer. */
async function redrawsAfter(method: string, path: string, status: number): Promise<number> {
  let refreshed = 0;
  const middleware = refreshTickerAfterSettings({ refresh: async () => void (refreshed += 1) });
  const ctx = { method, path, status: 404 } as unknown as Context;
  await middleware(ctx, async () => {
    ctx.status = status;
  });
  return refreshed;
}

describe('the ticker drawn again after 行情設定 changes', () => {
  it('after the ticker’s order is saved, a coin is added or an added coin removed', async () => {
    expect(await redrawsAfter('PUT', '/api/admin/markets/settings', 200)).toBe(1);
    expect(await redrawsAfter('POST', '/api/admin/markets/coins', 201)).toBe(1);
    expect(await redrawsAfter('DELETE', '/api/admin/markets/coins/link', 200)).toBe(1);
  });

  it('not after a refused change, a search or a read', async () => {
    expect(await redrawsAfter('POST', '/api/admin/markets/coins', 409)).toBe(0);
    expect(await redrawsAfter('PUT', '/api/admin/markets/settings', 400)).toBe(0);
    expect(await redrawsAfter('GET', '/api/admin/markets/coins/search', 200)).toBe(0);
    expect(await redrawsAfter('GET', '/api/admin/markets', 200)).toBe(0);
  });
});
