import { pinyin } from 'pinyin-pro';
import type { GlossaryTermSummary } from '@coinmag/contracts';

/**
 * The glossary page's order (docs/product.md §3 Glossary): names that begin with a Chinese
 * character are grouped under the Zhuyin (注音) symbol their first syllable begins with, in the
 * order of the Zhuyin table, as a Taiwanese dictionary is; names that begin with a Latin letter
 * follow under that letter (A–Z), then anything else (digits) under「#」. Within a group Chinese
 * names are in Zhuyin collation order, Latin ones alphabetical without regard to case.
 */
export const ZHUYIN_ORDER = 'ㄅㄆㄇㄈㄉㄊㄋㄌㄍㄎㄏㄐㄑㄒㄓㄔㄕㄖㄗㄘㄙㄚㄛㄜㄝㄞㄟㄠㄡㄢㄣㄤㄥㄦㄧㄨㄩ';
const INITIALS: Record<string, string> = {
  b: 'ㄅ', p: 'ㄆ', m: 'ㄇ', f: 'ㄈ', d: 'ㄉ', t: 'ㄊ', n: 'ㄋ', l: 'ㄌ', g: 'ㄍ', k: 'ㄎ', h: 'ㄏ',
  j: 'ㄐ', q: 'ㄑ', x: 'ㄒ', zh: 'ㄓ', ch: 'ㄔ', sh: 'ㄕ', r: 'ㄖ', z: 'ㄗ', c: 'ㄘ', s: 'ㄙ',
};
/** Syllables without an initial, by how they begin (longest first). */
const OPENINGS: Array<[string, string]> = [
  ['yong', 'ㄩ'], ['yu', 'ㄩ'], ['y', 'ㄧ'], ['w', 'ㄨ'],
  ['ang', 'ㄤ'], ['ai', 'ㄞ'], ['an', 'ㄢ'], ['ao', 'ㄠ'], ['a', 'ㄚ'],
  ['ou', 'ㄡ'], ['o', 'ㄛ'], ['eng', 'ㄥ'], ['ei', 'ㄟ'], ['en', 'ㄣ'], ['er', 'ㄦ'], ['e', 'ㄜ'],
];

const HAN = /^\p{Script=Han}/u;
const LATIN = /^[A-Za-zＡ-Ｚａ-ｚ]/;
const OTHER_GROUP = '#';

/** The Zhuyin symbol a pinyin syllable (no tone marks) begins with. */
export function zhuyinInitial(syllable: string): string | undefined {
  const s = syllable.toLowerCase().replace(/ü/g, 'v');
  for (const two of ['zh', 'ch', 'sh']) if (s.startsWith(two)) return INITIALS[two];
  const initial = INITIALS[s[0] ?? ''];
  if (initial) return initial;
  return OPENINGS.find(([opening]) => s.startsWith(opening))?.[1];
}

/** The group a name is listed under. */
export function groupOf(name: string): string {
  const trimmed = name.trim();
  if (HAN.test(trimmed)) {
    // The whole name gives the first character its reading in context (銀行's 行 is háng).
    const [first] = pinyin(trimmed, { toneType: 'none', type: 'array', nonZh: 'removed' });
    return (first && zhuyinInitial(first)) ?? OTHER_GROUP;
  }
  if (LATIN.test(trimmed)) return trimmed[0]!.normalize('NFKC').toUpperCase();
  return OTHER_GROUP;
}

const zhuyinCollator = new Intl.Collator('zh-TW-u-co-zhuyin');
const latinCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function groupRank(label: string): number {
  const zhuyin = ZHUYIN_ORDER.indexOf(label);
  if (zhuyin >= 0) return zhuyin;
  if (label === OTHER_GROUP) return 1000;
  return 100 + label.charCodeAt(0);
}

export function groupTerms(terms: GlossaryTermSummary[]): Array<{ label: string; terms: GlossaryTermSummary[] }> {
  const groups = new Map<string, GlossaryTermSummary[]>();
  for (const term of terms) {
    const label = groupOf(term.name);
    const list = groups.get(label) ?? [];
    list.push(term);
    groups.set(label, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([label, list]) => ({
      label,
      terms: list.sort((a, b) => (ZHUYIN_ORDER.includes(label) ? zhuyinCollator.compare(a.name, b.name) : latinCollator.compare(a.name, b.name))),
    }));
}
