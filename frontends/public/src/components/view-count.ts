/** One formatter for every count: toLocaleString builds a new one per call (about 0.7 ms each). */
let countFormat: Intl.NumberFormat | null = null;

/** A view count as every page shows it. */
export function viewCountText(count: number): string {
  countFormat ??= new Intl.NumberFormat('zh-TW');
  return `${countFormat.format(count)} 次瀏覽`;
}
