import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font, type Glyph } from 'opentype.js';
import { sfntFromWoff } from './woff.js';

const require = createRequire(import.meta.url);
const FAMILY = '@fontsource/noto-sans-tc';

export type CardWeight = 400 | 700;

/** A character's outline source: its glyph in the one font file of the family that holds it. */
export interface CardGlyph {
  font: Font;
  glyph: Glyph;
}

interface Slice {
  file: string;
  ranges: Array<[number, number]>;
}

function parseRanges(list: string): Array<[number, number]> {
  return list.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
  });
}

/**
 * Noto Sans TC from the npm registry, as Fontsource ships it: the family cut into ~100 files by
 * Unicode range. A card loads only the files its characters fall in (a title needs a handful),
 * each parsed once per process.
 */
export class CardFont {
  private readonly slices: Slice[];
  private readonly fonts = new Map<string, Font>();

  constructor(private readonly weight: CardWeight) {
    const unicode = JSON.parse(readFileSync(require.resolve(`${FAMILY}/unicode.json`), 'utf8')) as Record<string, string>;
    this.slices = Object.entries(unicode).map(([name, list]) => ({
      file: `noto-sans-tc-${name.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`,
      ranges: parseRanges(list),
    }));
  }

  /** The glyph that draws `char`, or undefined when the family has none (an emoji, a private-use code). */
  glyphOf(char: string): CardGlyph | undefined {
    const code = char.codePointAt(0)!;
    // Some code points are listed in more than one file (punctuation, digits): the first that draws it.
    for (const slice of this.slices) {
      if (!slice.ranges.some(([from, to]) => code >= from && code <= to)) continue;
      const font = this.load(slice.file);
      if (!font.hasChar(char)) continue;
      const glyph = font.charToGlyph(char);
      if (glyph.index !== 0) return { font, glyph };
    }
    return undefined;
  }

  /** Advance of `char` at `size` px (0 for what cannot be drawn). */
  advance(char: string, size: number): number {
    const found = this.glyphOf(char);
    return found ? ((found.glyph.advanceWidth ?? 0) / found.font.unitsPerEm) * size : 0;
  }

  private load(file: string): Font {
    let font = this.fonts.get(file);
    if (!font) {
      const data = sfntFromWoff(readFileSync(require.resolve(`${FAMILY}/files/${file}`)));
      font = opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
      this.fonts.set(file, font);
    }
    return font;
  }
}
