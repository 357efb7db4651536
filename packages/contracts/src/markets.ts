import { z } from 'zod';

/** Where prices appear, this sentence appears too (docs/product.md, Market data). */
export const MARKETS_DISCLAIMER = '價格僅供參考，不構成投資建議';

/** A price older than this is shown with its time (「資料時間 HH:mm」). */
export const MARKETS_STALE_AFTER_MS = 2 * 60_000;

/** One coin's latest price as the markets service answers it. */
export const coinQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  twd: z.number(),
  usd: z.number(),
  /** Percent over 24 hours, e.g. -1.25. */
  change24h: z.number(),
  /** When the provider priced it (ISO). */
  at: z.string(),
});
export type CoinQuote = z.infer<typeof coinQuoteSchema>;

/** GET /api/markets/ticker: the admin's ticker coins in order; empty when there is no snapshot. */
export const tickerSchema = z.object({ coins: z.array(coinQuoteSchema) });
export type Ticker = z.infer<typeof tickerSchema>;

export const historyPointSchema = z.object({ at: z.string(), twd: z.number() });
export type PricePoint = z.infer<typeof historyPointSchema>;

/** GET /api/markets/coins/{symbol}: the coin page's data. */
export const coinDetailSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The tag whose articles are the coin's. */
  tag: z.string(),
  quote: coinQuoteSchema.nullable(),
  /** Percent over 7 days from the stored closes; null when there are none that old. */
  change7d: z.number().nullable(),
  /** Hourly closes over 7 days and daily closes over 90, oldest first. */
  week: z.array(historyPointSchema),
  quarter: z.array(historyPointSchema),
});
export type CoinDetail = z.infer<typeof coinDetailSchema>;

/** GET /api/markets/coins: every priced coin, in the catalogue's order. */
export const coinListSchema = z.object({
  coins: z.array(z.object({ symbol: z.string(), name: z.string(), tag: z.string(), quote: coinQuoteSchema.nullable() })),
});
export type CoinList = z.infer<typeof coinListSchema>;

/** GET /api/markets/coins/{symbol}/price-at?at=ISO: the stored close nearest then, and now. */
export const priceSinceSchema = z.object({
  symbol: z.string(),
  then: historyPointSchema.nullable(),
  now: coinQuoteSchema.nullable(),
});
export type PriceSince = z.infer<typeof priceSinceSchema>;

/** Where the admin's 行情設定 are saved (PUT). */
export const MARKETS_SETTINGS_PATH = '/api/admin/markets/settings';

/** PUT /api/admin/markets/settings: the ticker's coins in order and each coin's tag. */
export const marketSettingsInputSchema = z.object({
  ticker: z.array(z.string().regex(/^[a-z0-9]{1,16}$/)).max(12),
  tags: z.record(z.string().regex(/^[a-z0-9]{1,16}$/), z.string().trim().min(1).max(60)),
});
export type MarketSettingsInput = z.infer<typeof marketSettingsInputSchema>;

/** Where the admin searches the global provider's coin list (GET ?q=) and adds a coin from it (POST); `/{symbol}` removes an added coin (DELETE). */
export const MARKETS_COINS_ADMIN_PATH = '/api/admin/markets/coins';
export const MARKETS_COIN_SEARCH_PATH = '/api/admin/markets/coins/search';

/** A CoinGecko coin id as `/coins/list` spells them (`bitcoin`, `usd-coin`, `0x`). */
export const providerCoinIdSchema = z
  .string({ required_error: '請選擇幣種', invalid_type_error: '請選擇幣種' })
  .trim()
  .min(1, '請選擇幣種')
  .max(100, '幣種識別碼過長')
  .regex(/^[a-z0-9][a-z0-9._-]*$/, '幣種識別碼格式不正確');

/** GET /api/admin/markets/coins/search?q=: what the admin typed (name or symbol). */
export const coinSearchQuerySchema = z.object({
  q: z.string({ required_error: '請輸入幣種名稱或代號' }).trim().min(1, '請輸入幣種名稱或代號').max(60, '搜尋字詞過長'),
});

/** One coin of the provider's list, and whether it is priced here already. */
export const coinSearchResultSchema = z.object({ id: z.string(), symbol: z.string(), name: z.string(), priced: z.boolean() });
export type CoinSearchResult = z.infer<typeof coinSearchResultSchema>;
export const coinSearchAnswerSchema = z.object({ results: z.array(coinSearchResultSchema) });
export type CoinSearchAnswer = z.infer<typeof coinSearchAnswerSchema>;

/** POST /api/admin/markets/coins: prices the provider's coin `id` from now on (its symbol becomes `/coin/{symbol}`). */
export const addCoinInputSchema = z.object({ id: providerCoinIdSchema });
export type AddCoinInput = z.infer<typeof addCoinInputSchema>;

/** GET /api/admin/markets: 行情設定's page. */
export interface MarketsAdminState {
  /** Every priced coin: the configured ones, then those the admin added (`added`: removable, priced by `providerId`). */
  catalogue: Array<{ symbol: string; name: string; tag: string; inTicker: boolean; providerId: string; added: boolean }>;
  ticker: string[];
  providers: Array<{ name: string; lastSuccessAt: string | null; lastErrorAt: string | null; lastError: string | null; nextTryAt: string | null }>;
  snapshotAt: string | null;
}
