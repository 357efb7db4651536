/**
 * docs/product.md §3 Learning paths: a lesson's estimated reading time, from its text.
 * Chinese (and Japanese, Korean) is read by the character, Latin text by the word.
 */
export const READING_RATE = { cjkCharactersPerMinute: 400, wordsPerMinute: 200 } as const;

/**
 * What is counted, as regular-expression sources both JavaScript and PostgreSQL read alike (the
 * content service counts in SQL, so a long article's text never leaves the database).
 */
export const READING_PATTERNS = {
  character: '[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]',
  word: "[A-Za-z0-9\u00c0-\u024f]+(?:['\u2019.,-][A-Za-z0-9\u00c0-\u024f]+)*",
} as const;

const CHARACTER = new RegExp(READING_PATTERNS.character, 'g');
const WORD = new RegExp(READING_PATTERNS.word, 'g');

/** What a text holds to read: Chinese characters, and words of the rest. */
export function readingCounts(text: string): { characters: number; words: number } {
  return { characters: text.match(CHARACTER)?.length ?? 0, words: text.replace(CHARACTER, ' ').match(WORD)?.length ?? 0 };
}

/** Whole minutes, at least 1 for any text (0 for none). */
export function readingMinutesOf({ characters, words }: { characters: number; words: number }): number {
  if (characters === 0 && words === 0) return 0;
  return Math.max(1, Math.ceil(characters / READING_RATE.cjkCharactersPerMinute + words / READING_RATE.wordsPerMinute));
}

export function readingMinutes(text: string): number {
  return readingMinutesOf(readingCounts(text));
}

/** 「約 N 分鐘」; an hour or more in hours and minutes. */
export function readingTimeLabel(minutes: number): string {
  if (minutes < 60) return `約 ${minutes} 分鐘`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `約 ${hours} 小時 ${rest} 分鐘` : `約 ${hours} 小時`;
}
