import Router from '@koa/router';
import type { Middleware } from 'koa';
import { addCoinInputSchema, coinSearchQuerySchema, MARKETS_COIN_SEARCH_PATH, MARKETS_COINS_ADMIN_PATH, MARKETS_SETTINGS_PATH, marketSettingsInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody, ValidationError } from '@coinmag/service-kit';
import type { MarketsService } from './markets.service.js';

/** Public answers change with each refresh; the gateway and browsers keep them this long. */
const PUBLIC_CACHE = 'public, max-age=15';

const symbolParam = (value: string) => {
  if (!/^[a-z0-9]{1,16}$/.test(value)) throw new ValidationError('symbol', '幣種代號格式不正確');
  return value;
};

export function marketsRoutes(markets: MarketsService, adminGuard: Middleware): Router {
  const router = new Router();

  router.get('/api/markets/ticker', async (ctx) => {
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = await markets.ticker();
  });

  router.get('/api/markets/coins', async (ctx) => {
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = await markets.list();
  });

  router.get('/api/markets/coins/:symbol', async (ctx) => {
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = await markets.detail(symbolParam(ctx.params.symbol!));
  });

  router.get('/api/markets/coins/:symbol/price-at', async (ctx) => {
    const at = Date.parse(String(ctx.query.at ?? ''));
    if (!Number.isFinite(at) || at > Date.now() + 60_000 || at < Date.UTC(2009, 0, 3)) throw new ValidationError('at', '時間格式不正確');
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = await markets.priceSince(symbolParam(ctx.params.symbol!), at);
  });

  router.get('/api/admin/markets', adminGuard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await markets.adminState();
  });

  router.put(MARKETS_SETTINGS_PATH, adminGuard, async (ctx) => {
    const input = parseInput(marketSettingsInputSchema.strict(), await readJsonBody(ctx, 16 * 1024));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await markets.saveSettings(input);
  });

  router.get(MARKETS_COIN_SEARCH_PATH, adminGuard, async (ctx) => {
    const { q } = parseInput(coinSearchQuerySchema, { q: typeof ctx.query.q === 'string' ? ctx.query.q : undefined });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await markets.searchCoins(q);
  });

  router.post(MARKETS_COINS_ADMIN_PATH, adminGuard, async (ctx) => {
    const input = parseInput(addCoinInputSchema.strict(), await readJsonBody(ctx, 4 * 1024));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await markets.addCoin(input.id);
  });

  router.delete(`${MARKETS_COINS_ADMIN_PATH}/:symbol`, adminGuard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await markets.removeCoin(symbolParam(ctx.params.symbol!));
  });

  return router;
}
