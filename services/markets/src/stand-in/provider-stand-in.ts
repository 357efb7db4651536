import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oversizedCoinList, standInCoinList } from './stand-in-coin-list.js';
import { StandInPrices, STAND_IN_TWD_PER_USD } from './stand-in-prices.js';

/**
 * How a stood-in provider answers: as documented ('ok'), with a server error ('error', 500 or
 * 503 as the providers send them), rate limited ('rate-limited': 429 with Retry-After), with a
 * body that does not match the documented shape ('malformed'), or not at all ('down': the
 * connection is dropped).
 */
export type StandInMode = 'ok' | 'error' | 'rate-limited' | 'malformed' | 'down';
export type StandInProvider = 'coingecko' | 'max';

export interface ProviderStandIn {
  /** CoinGecko's API root (MARKETS_COINGECKO_URL). */
  coingeckoUrl: string;
  /** MAX's API root (MARKETS_MAX_URL). */
  maxUrl: string;
  prices: StandInPrices;
  setMode(provider: StandInProvider, mode: StandInMode, retryAfterSeconds?: number): void;
  /** `/api/v3/coins/list` answers far more coins than any real list ('oversized'), or as documented ('ok'); the mode above applies first. */
  setCoinListSize(size: 'ok' | 'oversized'): void;
  /** Requests each provider received since the start. */
  requests: Record<StandInProvider, number>;
  /** Who asked last (the client's address) and when: the fetching replica, seen from outside. */
  lastRequest?: { address: string; at: number };
  close(): Promise<void>;
}

// CoinGecko's documented error bodies (public API).
const COINGECKO_RATE_LIMIT = { status: { error_code: 429, error_message: "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits." } };
const COINGECKO_NOT_FOUND = { error: 'coin not found' };

/**
 * A local server answering as CoinGecko's public API (`/api/v3/simple/price`, `/api/v3/coins/list`,
 * `/api/v3/coins/markets`, `/api/v3/coins/{id}/market_chart`) and MAX's (`/api/v2/tickers`) do,
 * on one port. Tests switch each provider's mode; `npm start` points the markets service at it
 * for a demo without the internet, and `POST /__stand-in/mode?provider=…&mode=…` switches it
 * from outside (the bench's outage); `GET /__stand-in/last-request` names the address that asked
 * last (test:swarm finds the fetching replica with it).
 */
export async function startProviderStandIn(port = 0, host = '127.0.0.1'): Promise<ProviderStandIn> {
  const prices = new StandInPrices();
  const modes: Record<StandInProvider, { mode: StandInMode; retryAfter: number }> = { coingecko: { mode: 'ok', retryAfter: 60 }, max: { mode: 'ok', retryAfter: 60 } };
  const requests: Record<StandInProvider, number> = { coingecko: 0, max: 0 };
  let coinListSize: 'ok' | 'oversized' = 'ok';
  const standIn: ProviderStandIn = {
    coingeckoUrl: '',
    maxUrl: '',
    prices,
    requests,
    setMode(provider, mode, retryAfterSeconds = 60) {
      modes[provider] = { mode, retryAfter: retryAfterSeconds };
    },
    setCoinListSize(size) {
      coinListSize = size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    try {
      answer(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, { error: 'stand-in failure' });
    }
  });

  function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'POST' && url.pathname === '/__stand-in/mode') {
      const provider = url.searchParams.get('provider');
      const mode = url.searchParams.get('mode');
      if ((provider !== 'coingecko' && provider !== 'max') || !['ok', 'error', 'rate-limited', 'malformed', 'down'].includes(mode ?? '')) return send(res, 400, { error: 'provider and mode' });
      modes[provider].mode = mode as StandInMode;
      return send(res, 200, { provider, mode });
    }
    if (req.method === 'GET' && url.pathname === '/__stand-in/last-request') return send(res, 200, standIn.lastRequest ?? {});
    if (req.method !== 'GET') return send(res, 405, { error: 'method not allowed' });
    const provider: StandInProvider | undefined = url.pathname.startsWith('/api/v3/') ? 'coingecko' : url.pathname === '/api/v2/tickers' ? 'max' : undefined;
    if (!provider) return send(res, 404, { error: 'Not Found' });
    requests[provider] += 1;
    standIn.lastRequest = { address: req.socket.remoteAddress ?? '', at: Date.now() };
    const { mode, retryAfter } = modes[provider];
    if (mode === 'down') return req.socket.destroy();
    if (mode === 'rate-limited') {
      res.setHeader('Retry-After', String(retryAfter));
      return send(res, 429, provider === 'coingecko' ? COINGECKO_RATE_LIMIT : { error: { code: 429, message: 'Too Many Requests' } });
    }
    if (mode === 'error') {
      return provider === 'coingecko' ? send(res, 500, { status: { error_code: 500, error_message: 'Internal Server Error' } }) : sendText(res, 503, '<html><body>503 Service Unavailable</body></html>', 'text/html');
    }
    if (provider === 'max') return send(res, 200, mode === 'malformed' ? malformedTickers() : tickers());
    return coingecko(url, res, mode === 'malformed');
  }

  function coingecko(url: URL, res: ServerResponse, malformed: boolean) {
    const now = Date.now();
    if (url.pathname === '/api/v3/simple/price') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const body: Record<string, unknown> = {};
      for (const id of ids) {
        const twd = prices.twdAt(id, now);
        if (twd === undefined) continue;
        const dayAgo = prices.twdAt(id, now - 86_400_000)!;
        const change = ((twd - dayAgo) / dayAgo) * 100;
        body[id] = malformed
          ? { twd: String(twd), usd: null }
          : { twd, twd_24h_change: change, usd: round(twd / STAND_IN_TWD_PER_USD), usd_24h_change: change, last_updated_at: Math.floor(now / 1000) };
      }
      return send(res, 200, body);
    }
    if (url.pathname === '/api/v3/coins/list') {
      if (malformed) return send(res, 200, { coins: standInCoinList().slice(0, 3) });
      return send(res, 200, coinListSize === 'oversized' ? oversizedCoinList() : standInCoinList());
    }
    if (url.pathname === '/api/v3/coins/markets') {
      const ids = (url.searchParams.get('ids') ?? prices.ids().join(',')).split(',').filter((id) => prices.twdAt(id, now) !== undefined);
      const perUsd = url.searchParams.get('vs_currency') === 'usd' ? STAND_IN_TWD_PER_USD : 1;
      return send(
        res,
        200,
        ids.map((id) => {
          const twd = prices.twdAt(id, now)!;
          const dayAgo = prices.twdAt(id, now - 86_400_000)!;
          return { id, symbol: prices.maxMarketOf(id)?.replace(/twd$/, '') ?? id, name: id, current_price: round(twd / perUsd), price_change_percentage_24h: ((twd - dayAgo) / dayAgo) * 100, last_updated: new Date(now).toISOString() };
        }),
      );
    }
    const chart = /^\/api\/v3\/coins\/([a-z0-9-]+)\/market_chart$/.exec(url.pathname);
    if (chart) {
      const id = chart[1]!;
      if (prices.twdAt(id, now) === undefined) return send(res, 404, COINGECKO_NOT_FOUND);
      const days = Math.min(Math.max(Number(url.searchParams.get('days')) || 1, 1), 365);
      const perUsd = url.searchParams.get('vs_currency') === 'usd' ? STAND_IN_TWD_PER_USD : 1;
      // CoinGecko: 5-minute points for 1 day, hourly up to 90 days, daily beyond.
      const step = days <= 1 ? 300_000 : days <= 90 ? 3_600_000 : 86_400_000;
      const series: Array<[number, number]> = [];
      for (let at = now - days * 86_400_000; at <= now; at += step) series.push([Math.floor(at), round(prices.twdAt(id, at)! / perUsd)]);
      return send(res, 200, malformed ? { prices: series.map(([at, price]) => [String(at), price]) } : { prices: series, market_caps: [], total_volumes: [] });
    }
    return send(res, 404, { error: 'Not Found' });
  }

  function tickers() {
    const now = Date.now();
    const body: Record<string, unknown> = {};
    for (const id of prices.ids()) {
      const market = prices.maxMarketOf(id);
      const last = prices.twdAt(id, now);
      if (!market || last === undefined) continue;
      const open = prices.twdAt(id, now - 86_400_000)!;
      body[market] = { at: Math.floor(now / 1000), buy: String(last * 0.999), sell: String(last * 1.001), open: String(open), low: String(Math.min(open, last)), high: String(Math.max(open, last)), last: String(last), vol: '12.5', vol_in_btc: '12.5' };
    }
    return body;
  }

  function malformedTickers() {
    return { btctwd: { at: 'yesterday', last: -1 } };
  }

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  const root = `http://${host}:${bound}`;
  standIn.coingeckoUrl = `${root}/api/v3`;
  standIn.maxUrl = root;
  return standIn;
}

function send(res: ServerResponse, status: number, body: unknown) {
  sendText(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
}

function sendText(res: ServerResponse, status: number, text: string, type: string) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
