const counts = new Intl.NumberFormat('zh-TW');

/** A count as the back office writes it: 1,234 (zh-TW grouping). */
export function formatCount(value: number): string {
  return counts.format(value);
}
