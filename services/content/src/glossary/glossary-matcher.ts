/**
 * Finds glossary terms in article HTML and links their first occurrences (docs/product.md §3
 * Glossary). One pass over the body: text outside headings, links and code is walked through a
 * trie of every spelling (name and aliases) from each position, and the longest spelling that
 * starts there wins (以太坊經典 before 以太坊). Full-width and half-width forms and the letter case of
 * Latin letters are one (`fold`); a spelling that begins or ends with a Latin letter or digit
 * matches only as a whole word (`ETH`, not inside `ETHER`). Runs on the sanitised HTML the service
 * stores, whose tags are well formed.
 */

export interface LinkableTerm {
  slug: string;
  name: string;
  definition: string;
  /** The name and every alias. */
  spellings: string[];
}

export interface LinkedTerm {
  slug: string;
  name: string;
  /** The text as the body spells it. */
  matched: string;
}

export interface LinkResult {
  html: string;
  linked: LinkedTerm[];
}

const SPACE = 0x20;

/** One UTF-16 unit folded: full-width ASCII to half-width, ideographic and no-break spaces to a space, A–Z to a–z. */
export function fold(code: number): number {
  if (code >= 0xff01 && code <= 0xff5e) code -= 0xfee0;
  else if (code === 0x3000 || code === 0xa0) return SPACE;
  if (code >= 0x41 && code <= 0x5a) return code + 0x20;
  return code;
}

const isWordCode = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);

/** The key two spellings share when they are the same for matching: folded, spaces collapsed, trimmed. */
export function spellingKey(spelling: string): string {
  let out = '';
  for (let i = 0; i < spelling.length; i += 1) out += String.fromCharCode(fold(spelling.charCodeAt(i)));
  return out.replace(/\s+/g, ' ').trim();
}

/** Whether a spelling has a Latin letter or digit (its minimum length counts letters, not characters). */
export function isLatinSpelling(spelling: string): boolean {
  return /[a-z0-9]/.test(spellingKey(spelling));
}

interface TrieNode {
  next: Map<number, TrieNode>;
  /** Index of the term a spelling ending here names. */
  term?: number;
}

/** Elements whose text is never linked: headings, links (a link in a link is invalid), code. */
const SKIPPED = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/y;
const AMPERSAND = 0x26;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class GlossaryMatcher {
  private readonly root: TrieNode = { next: new Map() };

  constructor(private readonly terms: readonly LinkableTerm[]) {
    terms.forEach((term, index) => {
      for (const spelling of term.spellings) this.add(spellingKey(spelling), index);
    });
  }

  get size(): number {
    return this.terms.length;
  }

  private add(key: string, term: number): void {
    if (!key) return;
    let node = this.root;
    for (let i = 0; i < key.length; i += 1) {
      const code = key.charCodeAt(i);
      let child = node.next.get(code);
      if (!child) {
        child = { next: new Map() };
        node.next.set(code, child);
      }
      node = child;
    }
    // Spellings are unique across the glossary (the database's unique key); the first one added keeps it.
    node.term ??= term;
  }

  /** The longest spelling starting at `start` (before `end`): its end and term, or undefined. */
  private longestAt(text: string, start: number, end: number): { end: number; term: number } | undefined {
    const first = fold(text.charCodeAt(start));
    let node = this.root.next.get(first);
    if (!node) return undefined;
    if (isWordCode(first) && start > 0 && isWordCode(fold(text.charCodeAt(start - 1)))) return undefined;
    let found: { end: number; term: number } | undefined;
    for (let j = start; ; ) {
      if (node.term !== undefined) {
        const last = fold(text.charCodeAt(j));
        const after = j + 1 < text.length ? fold(text.charCodeAt(j + 1)) : SPACE;
        if (!(isWordCode(last) && isWordCode(after))) found = { end: j + 1, term: node.term };
      }
      j += 1;
      if (j >= end) break;
      const code = text.charCodeAt(j);
      if (code === AMPERSAND) break;
      node = node.next.get(fold(code));
      if (!node) break;
    }
    return found;
  }

  /**
   * Walks the text from `start` to `end`, calling `found` for each longest match in order; a
   * character entity is a boundary (never part of a match, never looked into).
   */
  private scan(text: string, start: number, end: number, found: (from: number, to: number, term: number) => boolean): boolean {
    for (let i = start; i < end; ) {
      if (text.charCodeAt(i) === AMPERSAND) {
        ENTITY.lastIndex = i;
        i = ENTITY.test(text) ? ENTITY.lastIndex : i + 1;
        continue;
      }
      const match = this.longestAt(text, i, end);
      if (!match) {
        i += 1;
        continue;
      }
      if (!found(i, match.end, match.term)) return false;
      i = match.end;
    }
    return true;
  }

  /** Calls `text(from, to)` for every run of linkable text in the HTML (outside skipped elements) and `markup` for the rest. */
  private walk(html: string, onText: (from: number, to: number) => boolean): void {
    let skipped = 0;
    let at = 0;
    TAG.lastIndex = 0;
    for (let tag = TAG.exec(html); tag; tag = TAG.exec(html)) {
      if (tag.index > at && skipped === 0 && !onText(at, tag.index)) return;
      const name = tag[2]!.toLowerCase();
      if (SKIPPED.has(name)) skipped = Math.max(0, skipped + (tag[1] ? -1 : 1));
      at = tag.index + tag[0].length;
    }
    if (at < html.length && skipped === 0) onText(at, html.length);
  }

  /**
   * The HTML with the first occurrence of each term linked, at most `maxLinks` links in all, each
   * followed by its definition as a tooltip (ids `gl-tip-{n}`), and the terms linked.
   */
  link(html: string, maxLinks: number): LinkResult {
    const linked: LinkedTerm[] = [];
    if (maxLinks <= 0 || this.terms.length === 0) return { html, linked };
    const seen = new Set<number>();
    const parts: string[] = [];
    let copied = 0;
    this.walk(html, (from, to) =>
      this.scan(html, from, to, (start, end, index) => {
        if (seen.has(index)) return true;
        seen.add(index);
        const term = this.terms[index]!;
        const matched = html.slice(start, end);
        const tipId = `gl-tip-${linked.length + 1}`;
        const href = `/glossary/${encodeURIComponent(term.slug)}`;
        parts.push(
          html.slice(copied, start),
          `<span class="gl"><a class="gl-term" href="${escapeHtml(href)}" aria-describedby="${tipId}">${matched}</a>`,
          `<span class="gl-tip" role="tooltip" id="${tipId}">${escapeHtml(term.definition)}</span></span>`,
        );
        copied = end;
        linked.push({ slug: term.slug, name: term.name, matched });
        return linked.length < maxLinks;
      }),
    );
    parts.push(html.slice(copied));
    return { html: parts.join(''), linked };
  }

  /** Every term the HTML mentions where it could be linked (no limit, any occurrence). */
  termsIn(html: string): LinkedTerm[] {
    const seen = new Set<number>();
    const found: LinkedTerm[] = [];
    this.walk(html, (from, to) =>
      this.scan(html, from, to, (start, end, index) => {
        if (!seen.has(index)) {
          seen.add(index);
          const term = this.terms[index]!;
          found.push({ slug: term.slug, name: term.name, matched: html.slice(start, end) });
        }
        return true;
      }),
    );
    return found;
  }
}
