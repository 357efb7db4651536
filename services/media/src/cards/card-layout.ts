/** Characters a line must not start with (closing punctuation): they stay at the end of the line before. */
const NO_LINE_START = new Set([...'，。、：；！？）」』】》〉,.:;!?)]}%…']);

/** Break units: a run of Latin letters and digits stays whole, every other character stands alone. */
function units(text: string): string[] {
  return text.match(/[A-Za-z0-9][A-Za-z0-9'’\-.]*|\s+|[^\sA-Za-z0-9]/gu) ?? [];
}

/**
 * The title in at most `maxLines` lines of at most `width` px, by the advance `measure` gives:
 * wrapped between CJK characters and Latin words (a word longer than a line is cut), closing
 * punctuation kept at the end of a line, and an ellipsis where the text does not fit.
 */
export function wrapTitle(text: string, width: number, maxLines: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    lines.push(line.trimEnd());
    line = '';
  };
  const pieces = units(text.replace(/\s+/g, ' ').trim());
  for (let i = 0; i < pieces.length; i++) {
    let piece = pieces[i]!;
    if (/^\s+$/.test(piece)) {
      if (line) line += ' ';
      continue;
    }
    if (measure(line + piece) <= width || (NO_LINE_START.has(piece) && line)) {
      line += piece;
      continue;
    }
    if (line) flush();
    // A word wider than a whole line: cut it where it overflows.
    while (measure(piece) > width) {
      let cut = piece.length - 1;
      while (cut > 1 && measure(piece.slice(0, cut)) > width) cut--;
      line = piece.slice(0, cut);
      flush();
      piece = piece.slice(cut);
    }
    line = piece;
  }
  if (line) flush();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && measure(`${last}…`) > width) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last.replace(/[\s，。、：；,.:;]+$/u, '')}…`;
  return kept;
}
