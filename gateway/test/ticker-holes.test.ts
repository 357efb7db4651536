import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TICKER_SLOT_MARKER } from '@coinmag/contracts/ticker-slot';
import { renderTickerHtml, type TickerCoin } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE, fillCspNonceBytes, newCspNonce } from '../src/csp/nonce.js';
import { PrecompressedPages } from '../src/frontends/precompressed/precompressed-pages.js';
import { fillTicker, padToHole, TICKER_HOLE_BYTES, type PageTicker } from '../src/markets/page-ticker.js';

// The ticker is a hole in a cached page, as its nonces are: each response joins the page's kept
// compressed parts around its nonce and the ticker as it is now. A new price never makes the
// page be compressed (or rendered) again.

const decode = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };

/** A page shaped like a rendered one: nonced scripts in the head, the ticker slot under the header, Chinese text. */
function page(): Buffer {
  const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>比特幣第 ${i} 段：區塊鏈、錢包與交易所的說明文字，價格僅供參考。</p>`).join('');
  return Buffer.from(
    `<!doctype html><html><head><script ${CSP_NONCE_ATTRIBUTE}>boot()</script><style ${CSP_NONCE_ATTRIBUTE}>.a{}</style></head>` +
      `<body><div id="root"><header>幣圈誌</header><div id="cm-ticker-slot">${TICKER_SLOT_MARKER}</div><main>${paragraphs}</main></div>` +
      `<script ${CSP_NONCE_ATTRIBUTE} src="/mf/shell/main.js"></script></body></html>`,
  );
}

class DrawnTicker implements PageTicker {
  readonly holeBytes = TICKER_HOLE_BYTES;
  private drawn: Buffer = Buffer.alloc(TICKER_HOLE_BYTES, 0x20);
  show(coins: TickerCoin[], now = Date.now()) {
    this.drawn = padToHole(renderTickerHtml(coins, now), TICKER_HOLE_BYTES)!;
  }
  hole() {
    return this.drawn;
  }
}

const btc = (twd: number): TickerCoin => ({ symbol: 'btc', name: '比特幣', twd, usd: twd / 32, change24h: 2.34, at: new Date().toISOString() });

describe('the ticker written into cached pages', () => {
  it('answers each encoding with this response’s nonce and the ticker as it is now, from one compression', async () => {
    const ticker = new DrawnTicker();
    const pages = new PrecompressedPages(undefined, ticker);
    const body = page();
    const forms = await pages.formsFor(body);
    expect(forms.br, 'brotli form made around the holes').not.toBeNull();
    expect(forms.gzip, 'gzip form made around the holes').not.toBeNull();

    for (const price of [3_000_000, 3_150_000]) {
      ticker.show([btc(price)]);
      for (const encoding of ['br', 'gzip'] as const) {
        const nonce = newCspNonce();
        // Made already: answered at once, nothing compressed for the new price.
        const answer = pages.answerNow(body, nonce, encoding)!;
        expect(answer.encoding).toBe(encoding);
        const html = (await decode[encoding](answer.body)).toString();
        expect(html).toContain(`NT$${price.toLocaleString('en-US')}`);
        expect(html).toContain('價格僅供參考，不構成投資建議');
        expect(html).not.toContain(TICKER_SLOT_MARKER);
        expect(html).toContain(`nonce="${nonce}"`);
        expect(html).toBe(fillTicker(fillCspNonceBytes(body, nonce), ticker).toString());
      }
    }
  });

  it('leaves the ticker out, as spaces in its slot, when there are no prices', async () => {
    const ticker = new DrawnTicker();
    const pages = new PrecompressedPages(undefined, ticker);
    const body = page();
    await pages.formsFor(body);
    const html = (await decode.br(pages.answerNow(body, newCspNonce(), 'br')!.body)).toString();
    expect(html).toContain(`<div id="cm-ticker-slot">${' '.repeat(TICKER_HOLE_BYTES)}</div>`);
  });

  it('fills the slot of a response made whole', () => {
    const ticker = new DrawnTicker();
    ticker.show([btc(2_950_000)]);
    const filled = fillTicker(page(), ticker).toString();
    expect(filled).toContain('NT$2,950,000');
    expect(filled).not.toContain(TICKER_SLOT_MARKER);
  });
});
