/** Page numbers shown by the pager: a window of `size` centred on `current`, kept inside 1..pages. */
export function pagerWindow(current: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const width = Math.min(size, pages);
  let start = Math.max(1, current - Math.floor(width / 2));
  start = Math.min(start, pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export function pageCount(total: number, limit: number): number {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}

/** The page number in ?page=: a positive whole number, else 1 (the public pages and the gateway's heads read it alike). */
export function pageFromParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
