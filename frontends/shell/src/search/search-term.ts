/** The URL a search box submit goes to, or null when the term is empty or only whitespace. */
export function searchUrlFor(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
