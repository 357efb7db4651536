import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKER_HTML_PATH, TICKER_SLOT_ID } from '@coinmag/contracts/ticker-slot';
import { refreshTickerInPlace, TICKER_REFRESH_MS } from './ticker-refresh';

const OLD = '<aside class="cm-tk" aria-label="幣價"><ul><li>BTC NT$3,000,000</li></ul></aside>';
const NEW = '<aside class="cm-tk" aria-label="幣價"><ul><li>BTC NT$3,100,000</li></ul></aside>';

/** A document as much as the refresher touches: the slot, visibility and its event. */
class FakeDocument extends EventTarget {
  hidden = false;
  slot = { innerHTML: OLD, querySelector: (selector: string) => (selector === 'aside' && this.slot.innerHTML.includes('<aside') ? {} : null) };
  getElementById(id: string) {
    return id === TICKER_SLOT_ID ? this.slot : null;
  }
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let doc: FakeDocument;
let answers: Array<() => Response>;
let asked: string[];
let stop: () => void;
const fakeFetch = (async (input: RequestInfo | URL) => {
  asked.push(String(input));
  return (answers.shift() ?? (() => new Response(NEW, { status: 200 })))();
}) as typeof fetch;
const start = () => (stop = refreshTickerInPlace(doc as unknown as Document, fakeFetch));
const tick = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  vi.useFakeTimers();
  doc = new FakeDocument();
  answers = [];
  asked = [];
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('the ticker refreshed in place on an open page', () => {
  it('asks the gateway every 30 s and writes the new ticker into the slot', async () => {
    start();
    await tick(TICKER_REFRESH_MS - 1);
    expect(asked).toEqual([]);
    await tick(1);
    expect(asked).toEqual([TICKER_HTML_PATH]);
    expect(doc.slot.innerHTML).toBe(NEW);
    await tick(TICKER_REFRESH_MS);
    expect(asked).toHaveLength(2);
  });

  it('asks nothing while the tab is hidden, and at once when it is shown again after 30 s', async () => {
    start();
    doc.setHidden(true);
    await tick(5 * TICKER_REFRESH_MS);
    expect(asked).toEqual([]);
    doc.setHidden(false);
    await tick(0);
    expect(asked).toHaveLength(1);
    expect(doc.slot.innerHTML).toBe(NEW);
  });

  it('never blanks the ticker: a failed, empty or foreign answer leaves it as it is', async () => {
    answers = [() => new Response('', { status: 204 }), () => new Response('oops', { status: 500 }), () => new Response('<p>not a ticker</p>', { status: 200 }), () => { throw new TypeError('offline'); }];
    start();
    await tick(4 * TICKER_REFRESH_MS);
    expect(asked).toHaveLength(4);
    expect(doc.slot.innerHTML).toBe(OLD);
  });

  it('leaves a slot the server left empty alone (a ticker appearing would move the page)', async () => {
    doc.slot.innerHTML = '';
    start();
    await tick(2 * TICKER_REFRESH_MS);
    expect(doc.slot.innerHTML).toBe('');
  });
});
