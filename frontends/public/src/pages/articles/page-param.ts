/** The page number in ?page=: a positive whole number, else 1. */
export function pageFromParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
