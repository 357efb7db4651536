import { z } from 'zod';
import { ConfigError, databaseEnv, loadConfig, redisEnv, serviceEnv, tokenConfirmEnv, tokenKeyEnv } from '@coinmag/service-kit';
import { COIN_CATALOGUE, coinsFromList } from './coins.js';

const providerNames = z.enum(['coingecko', 'max']);

export const marketsConfigSchema = z.object({
  ...serviceEnv(4004),
  ...databaseEnv('markets', 5),
  /** The snapshot and the fetching lease; absent, both are kept in this process (one replica only). */
  ...redisEnv,
  /** The admin's settings (行情設定) are changed with an admin token, checked with this key and confirmed with AUTH_URL. */
  ...tokenKeyEnv,
  ...tokenConfirmEnv,
  /** CoinGecko's public API (a stand-in's URL for demos and tests). */
  MARKETS_COINGECKO_URL: z.string().url().default('https://api.coingecko.com/api/v3'),
  /** MAX exchange's public API root (TWD tickers). */
  MARKETS_MAX_URL: z.string().url().default('https://max-api.maicoin.com'),
  /** Providers in the order they are asked; the next one is asked when one fails. */
  MARKETS_PROVIDERS: z
    .string()
    .default('coingecko,max')
    .transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean))
    .pipe(z.array(providerNames).min(1)),
  /** The coins always priced (symbols of the catalogue, comma-separated); the admin adds others from CoinGecko's list and orders the ticker's among them. */
  MARKETS_COINS: z
    .string()
    .default(COIN_CATALOGUE.map((coin) => coin.symbol).join(','))
    .refine((value) => coinsFromList(value).length > 0, `name at least one of ${COIN_CATALOGUE.map((coin) => coin.symbol).join(', ')}`),
  /** How often the fetching replica asks for prices. */
  MARKETS_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** One provider call's limit (connect, answer and body). */
  MARKETS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The limit on fetching CoinGecko's list of coins (~1 MB; 行情設定's search, once a day). */
  MARKETS_COIN_LIST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** How long the fetching replica's lease lasts without renewal: another takes over after it. */
  MARKETS_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
});
export type MarketsConfig = z.infer<typeof marketsConfigSchema>;

export function loadMarketsConfig(env: NodeJS.ProcessEnv = process.env): MarketsConfig {
  const config = loadConfig(marketsConfigSchema, env);
  if (config.MARKETS_LEASE_MS <= config.MARKETS_REFRESH_MS) {
    throw new ConfigError('Invalid configuration: MARKETS_LEASE_MS must be longer than MARKETS_REFRESH_MS (the lease is renewed on each refresh)');
  }
  return config;
}
