// How prices read on every page (docs/product.md, Market data): NT$ and US$ with thousands
// separators, a sign on every change, and the time of a price that is no longer fresh.

/** NT$3,050,000 — whole dollars from NT$100 up, two decimals below. */
export function formatTwd(value: number): string {
  return `NT$${formatAmount(value)}`;
}

/** US$94,135 — whole dollars from US$100 up, two decimals below (four below US$1). */
export function formatUsd(value: number): string {
  return `US$${formatAmount(value)}`;
}

function formatAmount(value: number): string {
  const digits = value >= 100 ? 0 : value >= 1 ? 2 : 4;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** +5.1% / -0.3% / 0.0%: one decimal, the sign always written. */
export function formatChange(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${(rounded === 0 ? 0 : rounded).toFixed(1)}%`;
}

/** 'up', 'down' or 'flat' at the shown precision (the colour follows what is written). */
export function changeDirection(percent: number): 'up' | 'down' | 'flat' {
  const rounded = Math.round(percent * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** HH:mm in Taiwan time (UTC+8, no daylight saving). */
export function formatTaipeiTime(at: number): string {
  const taipei = new Date(at + 8 * 3_600_000);
  return `${String(taipei.getUTCHours()).padStart(2, '0')}:${String(taipei.getUTCMinutes()).padStart(2, '0')}`;
}

/** An article's 「發布時 BTC NT$2,950,000 → 現在 NT$3,100,000（+5.1%）」 line. */
export function priceSinceLine(symbol: string, thenTwd: number, nowTwd: number): string {
  return `發布時 ${symbol.toUpperCase()} ${formatTwd(thenTwd)} → 現在 ${formatTwd(nowTwd)}（${formatChange(((nowTwd - thenTwd) / thenTwd) * 100)}）`;
}
