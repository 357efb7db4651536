import type { GlossaryIndex, GlossaryTermSummary } from '@coinmag/contracts';

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/**
 * The glossary's term for a coin: the published term whose name or an alias is the coin's symbol
 * (BTC) or its name (比特幣), full-width and case aside; null when the glossary has none.
 */
export function coinGlossaryTerm(index: GlossaryIndex, coin: { symbol: string; name: string }): GlossaryTermSummary | null {
  const wanted = new Set([fold(coin.symbol), fold(coin.name)]);
  for (const group of index.groups) {
    for (const term of group.terms) if ([term.name, ...term.aliases].some((spelling) => wanted.has(fold(spelling)))) return term;
  }
  return null;
}
