import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { TICKER_HTML_PATH } from '@coinmag/contracts/ticker-slot';
import { renderTickerHtml } from '@coinmag/rules';
import { padToHole, TICKER_HOLE_BYTES, type PageTicker } from '../src/markets/page-ticker.js';
import { tickerHtml } from '../src/markets/ticker-html.js';

// An open page refreshes its ticker in place from the ticker the gateway draws for its pages:
// answered from memory, the same markup as the page's slot, nothing when there is none.

function serve(ticker: PageTicker) {
  const app = new Koa();
  app.use(tickerHtml(ticker));
  app.use((ctx) => {
    ctx.status = 418;
  });
  return (path: string, method = 'GET') =>
    new Promise<Response>((resolve) => {
      const server = app.listen(0, '127.0.0.1', async () => {
        const { port } = server.address() as { port: number };
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
        await res.clone().arrayBuffer();
        server.close();
        resolve(res);
      });
    });
}

describe('the ticker as the gateway draws it now', () => {
  it('answers the drawn ticker without its padding, briefly cacheable', async () => {
    const html = renderTickerHtml([{ symbol: 'btc', name: '比特幣', twd: 3_100_000, usd: 95_000, change24h: 1.5, at: new Date().toISOString() }], Date.now());
    const ask = serve({ holeBytes: TICKER_HOLE_BYTES, hole: () => padToHole(html, TICKER_HOLE_BYTES)! });
    const res = await ask(TICKER_HTML_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=10');
    expect(await res.text()).toBe(html);
    expect((await ask(TICKER_HTML_PATH, 'POST')).status).toBe(418);
    expect((await ask('/api/markets/ticker')).status).toBe(418);
  });

  it('answers 204 while there is no ticker', async () => {
    const ask = serve({ holeBytes: TICKER_HOLE_BYTES, hole: () => Buffer.alloc(TICKER_HOLE_BYTES, 0x20) });
    const res = await ask(TICKER_HTML_PATH);
    expect(res.status).toBe(204);
  });
});
