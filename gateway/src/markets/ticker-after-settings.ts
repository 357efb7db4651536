import type { Middleware } from 'koa';
import { MARKETS_SETTINGS_PATH } from '@coinmag/contracts';
import type { TickerFeed } from './ticker-feed.js';

/**
 * The gateway that passes the admin's 行情設定 on draws the ticker again as soon as the markets
 * service accepted it, so the admin's next page shows the new order; other gateways follow
 * within their poll (ticker-feed.ts).
 */
export function refreshTickerAfterSettings(ticker: Pick<TickerFeed, 'refresh'>): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'PUT' && ctx.path === MARKETS_SETTINGS_PATH && ctx.status >= 200 && ctx.status < 300) await ticker.refresh();
  };
}
