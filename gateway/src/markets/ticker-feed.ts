import { tickerSchema } from '@coinmag/contracts';
import { renderTickerHtml, type TickerCoin } from '@coinmag/rules';
import type { Logger } from '@coinmag/service-kit';
import { padToHole, TICKER_HOLE_BYTES, type PageTicker } from './page-ticker.js';

/** The ticker answer is a few hundred bytes; nothing bigger is read. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface TickerFeedOptions {
  /** The markets service's replicas (MARKETS_URL), asked in turn until one answers. */
  marketsUrls: string[];
  log: Logger;
  /** How often the ticker is asked for and drawn again (its 「資料時間」 follows the clock too). */
  pollMs?: number;
  timeoutMs?: number;
}

/**
 * The ticker every public page carries (docs/adr/0017): the gateway asks the markets service for
 * it every few seconds and keeps it drawn, padded to the slot's fixed size, for the cached pages'
 * responses to be joined around (precompressed-pages.ts). A price change never touches a cached
 * page. When the service cannot be reached the last ticker stays (its age shown); with none at
 * all the slot is spaces and the ticker is left out.
 */
export class TickerFeed implements PageTicker {
  readonly holeBytes = TICKER_HOLE_BYTES;
  private coins: TickerCoin[] = [];
  private drawn: Buffer = Buffer.alloc(TICKER_HOLE_BYTES, 0x20);
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(private readonly options: TickerFeedOptions) {}

  hole(): Buffer {
    return this.drawn;
  }

  start(): void {
    const tick = () => {
      void this.refresh().finally(() => {
        // Until the first prices arrive (the markets service's first refresh at start), ask every second.
        if (this.timer !== undefined) this.timer = setTimeout(tick, this.coins.length === 0 ? 1_000 : (this.options.pollMs ?? 10_000)).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Asks for the ticker once and draws it (the loop's step; tests call it). */
  async refresh(now = Date.now()): Promise<void> {
    const coins = await this.read();
    if (coins) this.coins = coins;
    this.draw(now);
  }

  /** Draws the kept coins for `now`, dropping coins from the end until they fit the slot. */
  draw(now = Date.now()): void {
    for (let count = this.coins.length; count >= 0; count -= 1) {
      const hole = padToHole(renderTickerHtml(this.coins.slice(0, count), now), this.holeBytes);
      if (hole) {
        this.drawn = hole;
        return;
      }
    }
  }

  private async read(): Promise<TickerCoin[] | undefined> {
    for (const base of this.options.marketsUrls) {
      try {
        const response = await fetch(new URL('/api/markets/ticker', base), { signal: AbortSignal.timeout(this.options.timeoutMs ?? 2_000) });
        const length = Number(response.headers.get('content-length'));
        if (!response.ok || !(length > 0 && length <= MAX_ANSWER_BYTES)) {
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        const text = await response.text();
        const parsed = tickerSchema.safeParse(JSON.parse(text));
        if (!parsed.success) continue;
        if (this.failing) this.options.log.info('ticker: the markets service answers again');
        this.failing = false;
        return parsed.data.coins;
      } catch {
        // The next replica, or the last ticker kept.
      }
    }
    if (!this.failing) this.options.log.warn('ticker: the markets service cannot be reached; the last prices stay');
    this.failing = true;
    return undefined;
  }
}
