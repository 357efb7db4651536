/** The most grams stored per article: bounds the index entry of a very long body. */
const MAX_GRAMS = 30_000;

export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function gramsOfWord(word: string, into: Set<string>): void {
  const chars = Array.from(word);
  for (let i = 0; i < chars.length && into.size < MAX_GRAMS; i += 1) {
    into.add(chars[i]!);
    if (i + 1 < chars.length) into.add(chars[i]! + chars[i + 1]!);
  }
}

/** Every distinct 1- and 2-character gram of the text (lower-cased, NFKC), inside words. */
export function searchGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const word of normalizeForSearch(text).split(/[\s\p{P}\p{S}]+/u)) {
    if (word) gramsOfWord(word, grams);
    if (grams.size >= MAX_GRAMS) break;
  }
  return [...grams];
}

export interface SearchTerm {
  /** Words that must all appear, as substrings. */
  words: string[];
  /** Grams the index must hold for a row to be a candidate. */
  grams: string[];
  /** The first word's grams: what a title must hold to be a title hit. */
  titleGrams: string[];
}

/** Splits a visitor's term into words (on spaces and punctuation) and the grams that find them. */
export function parseSearchTerm(term: string): SearchTerm | null {
  const words = [...new Set(normalizeForSearch(term).split(/[\s\p{P}\p{S}]+/u).filter(Boolean))].slice(0, 10);
  if (words.length === 0) return null;
  const gramsOf = (word: string, into = new Set<string>()) => {
    const chars = Array.from(word);
    if (chars.length === 1) into.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i += 1) into.add(chars[i]! + chars[i + 1]!);
    return into;
  };
  const grams = new Set<string>();
  for (const word of words) gramsOf(word, grams);
  return { words, grams: [...grams], titleGrams: [...gramsOf(words[0]!)] };
}
