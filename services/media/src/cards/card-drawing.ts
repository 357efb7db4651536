import sharp from 'sharp';
import type { Path } from 'opentype.js';
import { SOCIAL_IMAGE, type SocialCardText } from '@coinmag/rules';
import { CardFont } from './card-font.js';
import { wrapTitle } from './card-layout.js';

const { width: W, height: H } = SOCIAL_IMAGE;

const n = (value: number) => String(Math.round(value * 10) / 10);

/** SVG path data of a glyph's outline (opentype.js's own toPathData writes NaN for some points when rounding). */
function pathData(path: Path): string {
  return path.commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}
const PAD = 80;
const TITLE = { size: 64, lineHeight: 86, maxLines: 3, top: 270 };
const COLORS = { background: '#0b1220', accent: '#f7931a', title: '#ffffff', brand: '#94a3b8' };

/**
 * Draws an article's social card: the title (wrapped, at most three lines, an ellipsis past
 * them), its category and the site's name, as glyph outlines, so the card never depends on the
 * fonts a machine has installed.
 */
export class CardArtist {
  private readonly bold = new CardFont(700);
  private readonly regular = new CardFont(400);

  titleLines(title: string): string[] {
    return wrapTitle(title, W - 2 * PAD, TITLE.maxLines, (text) => this.width(this.bold, text, TITLE.size));
  }

  svg({ title, category, siteTitle }: SocialCardText): string {
    const lines = this.titleLines(title);
    const parts = [
      `<rect width="${W}" height="${H}" fill="${COLORS.background}"/>`,
      `<rect width="16" height="${H}" fill="${COLORS.accent}"/>`,
      category ? this.text(this.bold, category, PAD, 160, 36, COLORS.accent) : '',
      ...lines.map((line, i) => this.text(this.bold, line, PAD, TITLE.top + i * TITLE.lineHeight, TITLE.size, COLORS.title)),
      `<rect x="${PAD}" y="${H - 128}" width="64" height="6" fill="${COLORS.accent}"/>`,
      this.text(this.regular, siteTitle, PAD, H - 66, 34, COLORS.brand),
    ];
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  }

  async png(text: SocialCardText): Promise<Buffer> {
    return sharp(Buffer.from(this.svg(text))).png({ compressionLevel: 9, palette: true }).toBuffer();
  }

  private width(font: CardFont, text: string, size: number): number {
    let total = 0;
    for (const char of text) total += font.advance(char, size);
    return total;
  }

  /** One line as outlines from its baseline; what the family cannot draw is left out, never a box. */
  private text(font: CardFont, text: string, x: number, baseline: number, size: number, fill: string): string {
    let cursor = x;
    let data = '';
    for (const char of text) {
      const found = font.glyphOf(char);
      if (!found) continue;
      data += pathData(found.glyph.getPath(cursor, baseline, size));
      cursor += ((found.glyph.advanceWidth ?? 0) / found.font.unitsPerEm) * size;
    }
    return data ? `<path fill="${fill}" d="${data}"/>` : '';
  }
}
