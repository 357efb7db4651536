const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–',
};

/** Decodes the few entities article HTML commonly holds, plus numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1]?.toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Markup removed, entities decoded, whitespace collapsed. */
export function stripTags(html: string): string {
  const withoutBlocks = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  return decodeEntities(withoutBlocks.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/**
 * Cuts text to at most `max` characters (code points, so a Chinese character or
 * an emoji is never split) and adds an ellipsis only when something was cut.
 */
export function truncate(text: string, max: number, ellipsis = '...'): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('').trimEnd() + ellipsis;
}

/** The excerpt a card shows: the excerpt, else the content without markup, cut to `max`. */
export function cardExcerpt(excerpt: string | null | undefined, contentHtml: string | null | undefined, max: number): string {
  const source = excerpt && excerpt.trim() ? stripTags(excerpt) : stripTags(contentHtml ?? '');
  return truncate(source, max);
}
