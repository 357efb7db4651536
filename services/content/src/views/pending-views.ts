/** Adds unflushed views to every `{id, view_count}` object (uncached admin answers). */
export function withPendingViews(value: unknown, pending: Map<number, number>): unknown {
  if (pending.size === 0) return value;
  const patch = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(patch);
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const out: Record<string, unknown> = { ...record };
      if (typeof record.id === 'number' && typeof record.view_count === 'number') out.view_count = record.view_count + (pending.get(record.id) ?? 0);
      if (Array.isArray(record.articles)) out.articles = record.articles.map(patch);
      return out;
    }
    return item;
  };
  return patch(value);
}
