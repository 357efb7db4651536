/** A piece of a diff: kept, added in the newer text, or removed from the older one. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** One paragraph of the diff: its parts, and whether anything in it changed. */
export interface DiffBlock {
  changed: boolean;
  parts: DiffPart[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Article HTML as readable paragraphs: one per block element, images as [圖片：alt]. */
export function htmlToBlocks(html: string): string[] {
  return html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, '[圖片：$1]')
    .replace(/<img\b[^>]*>/gi, '[圖片]')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div|figure|figcaption|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Longest common subsequence of two sequences, as pairs of equal indexes. */
function commonPairs<T>(a: readonly T[], b: readonly T[]): Array<[number, number]> {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/** Past this many cells a changed paragraph is shown whole (removed, then added), not by character. */
const CHARACTER_DIFF_CELLS = 400_000;

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Character-level diff of one paragraph (Chinese has no spaces to split words on). */
export function diffText(older: string, newer: string): DiffPart[] {
  const a = Array.from(older);
  const b = Array.from(newer);
  if (a.length * b.length > CHARACTER_DIFF_CELLS) {
    const parts: DiffPart[] = [];
    push(parts, 'removed', older);
    push(parts, 'added', newer);
    return parts;
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of commonPairs(a, b)) {
    push(parts, 'removed', a.slice(i, pi).join(''));
    push(parts, 'added', b.slice(j, pj).join(''));
    push(parts, 'same', a[pi]!);
    i = pi + 1;
    j = pj + 1;
  }
  push(parts, 'removed', a.slice(i).join(''));
  push(parts, 'added', b.slice(j).join(''));
  return parts;
}

/** Paragraph diff of two texts; a removed paragraph followed by an added one is diffed by character. */
export function diffBlocks(older: readonly string[], newer: readonly string[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let i = 0;
  let j = 0;
  const flush = (endA: number, endB: number) => {
    const removed = older.slice(i, endA);
    const added = newer.slice(j, endB);
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k += 1) blocks.push({ changed: true, parts: diffText(removed[k]!, added[k]!) });
    for (const text of removed.slice(paired)) blocks.push({ changed: true, parts: [{ kind: 'removed', text }] });
    for (const text of added.slice(paired)) blocks.push({ changed: true, parts: [{ kind: 'added', text }] });
  };
  for (const [pi, pj] of commonPairs(older, newer)) {
    flush(pi, pj);
    blocks.push({ changed: false, parts: [{ kind: 'same', text: older[pi]! }] });
    i = pi + 1;
    j = pj + 1;
  }
  flush(older.length, newer.length);
  return blocks;
}
