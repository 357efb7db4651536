import type { NamedMigration } from '@coinmag/service-kit/database';
import { createPriceHistory } from './20261127030000_create_price_history.js';
import { createCoinSettings } from './20261127030100_create_coin_settings.js';
import { createAddedCoins } from './20261127050000_create_added_coins.js';

/** In order; append, never edit a migration that has shipped. */
export const MARKETS_MIGRATIONS: NamedMigration[] = [createPriceHistory, createCoinSettings, createAddedCoins];
