import type { Middleware } from 'koa';
import { MARKETS_COINS_ADMIN_PATH, MARKETS_SETTINGS_PATH } from '@coinmag/contracts';
import type { TickerFeed } from './ticker-feed.js';

/**
 * The gateway that passes the admin's 行情設定 on (the ticker's order, a coin added or removed)
 * draws the ticker again as soon as the markets service accepted it, so the admin's next page shows the new order; other gateways follow
 * within their poll (ticker-feed.ts).
 */
export function refreshTickerAfterSettings(ticker: Pick<TickerFeed, 'refresh'>): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status < 200 || ctx.status >= 300) return;
    const settings = ctx.method === 'PUT' && ctx.path === MARKETS_SETTINGS_PATH;
    const coins = (ctx.method === 'POST' && ctx.path === MARKETS_COINS_ADMIN_PATH) || (ctx.method === 'DELETE' && ctx.path.startsWith(`${MARKETS_COINS_ADMIN_PATH}/`));
    if (settings || coins) await ticker.refresh();
  };
}
