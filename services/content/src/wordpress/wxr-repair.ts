import { Parser } from 'htmlparser2';

/**
 * A WordPress export made readable as XML, as WordPress's own importer and the well-known
 * migration tools read it: real exports carry bare `&` (in attachment URLs, titles), control
 * characters pasted from Word, HTML entities such as `&nbsp;` that XML does not know, and bytes
 * that are not valid in the file's encoding. Each is repaired here, once, as the text streams
 * past (work and memory bounded by the chunk), and each repair is noted with its line and column
 * for the dry run's report: nothing is changed silently. Comments and a DOCTYPE carry nothing an
 * import uses and are dropped, so the XML parser never holds their text.
 */

export interface Repair {
  line: number;
  column: number;
  message: string;
}

/** A tag (its attributes) or processing instruction longer than this is not a WordPress export's. */
export const WXR_TAG_LIMIT = 64 * 1024;
/**
 * Characters of one text or CDATA run passed to the XML parser, which holds a run whole until it
 * ends: past this the parser already knows the field is over its limit (2 MB at most, wxr-parser.ts)
 * and the rest is dropped here, so a gigabyte of text in one element is never held.
 */
export const WXR_RUN_LIMIT = 4 * 1024 * 1024;
/** Repairs listed with their position; all are counted. */
const LISTED_REPAIRS = 50;

export class WxrRepairError extends Error {}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z_][A-Za-z0-9._-]{0,31}));/y;
/** Longest reference ENTITY accepts: past this many characters an `&` is known to be bare. */
const ENTITY_LOOKAHEAD = 36;
const CONTROL = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF';
const TEXT_SPECIAL = new RegExp(`[<&\\uFFFD${CONTROL}]`, 'g');
const TAG_SPECIAL = new RegExp(`[>"'<&\\uFFFD${CONTROL}]`, 'g');
const CDATA_SPECIAL = new RegExp(`\\]\\]>|[\\uFFFD${CONTROL}]`, 'g');
const NAME_START = /[A-Za-z_:\u00C0-\uFFFD/]/;

function xmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** An HTML entity's text (htmlparser2 knows them all), or undefined when HTML does not know it either. */
function htmlEntity(reference: string): string | undefined {
  let text = '';
  const parser = new Parser({ ontext: (part) => (text += part) }, { decodeEntities: true });
  parser.end(reference);
  return text && text !== reference ? text : undefined;
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

type State = 'text' | 'tag' | 'cdata' | 'comment' | 'pi' | 'doctype';

export class WxrRepairer {
  /** Every repair made (the first LISTED_REPAIRS with their positions). */
  readonly repairs: Repair[] = [];
  repairCount = 0;
  private line = 1;
  private column = 1;
  private state: State = 'text';
  private carried = '';
  private quote = '';
  private length = 0;
  private depth = 0;
  /** Characters of the current text or CDATA run passed on. */
  private runLength = 0;

  /** The repaired text of the next piece; a few characters may wait for the piece after. */
  write(piece: string): string {
    return this.run(this.carried + piece, false);
  }

  end(): string {
    return this.run(this.carried, true);
  }

  private note(message: string, line = this.line, column = this.column): void {
    this.repairCount += 1;
    if (this.repairs.length < LISTED_REPAIRS) this.repairs.push({ line, column, message });
  }

  private tooLong(what: string): never {
    throw new WxrRepairError(`第 ${this.line} 行第 ${this.column} 欄：${what}超過 ${WXR_TAG_LIMIT / 1024} KB`);
  }

  /** The reference at `at` (text or attribute value), repaired; undefined when more text is needed to tell. */
  private reference(text: string, at: number, final: boolean): { out: string; next: number } | undefined {
    ENTITY.lastIndex = at;
    const match = ENTITY.exec(text);
    if (!match) {
      if (!final && text.length - at < ENTITY_LOOKAHEAD) return undefined;
      this.note('未轉義的「&」，已當作文字');
      return { out: '&amp;', next: at + 1 };
    }
    const next = ENTITY.lastIndex;
    const [whole, decimal, hexadecimal, name] = match;
    if (name) {
      if (XML_ENTITIES.has(name)) return { out: whole, next };
      const known = htmlEntity(whole);
      if (known) {
        this.note(`XML 未定義的實體「${whole}」，已依 HTML 解讀`);
        return { out: Array.from(known, (char) => `&#${char.codePointAt(0)};`).join(''), next };
      }
      this.note(`未知的實體「${whole}」，已當作文字`);
      return { out: `&amp;${whole.slice(1)}`, next };
    }
    const code = decimal ? Number(decimal) : parseInt(hexadecimal!, 16);
    if (xmlChar(code)) return { out: whole, next };
    this.note(`無效的字元參照「${whole}」（${hex(code)}），已移除`);
    return { out: '', next };
  }

  /** Control characters and undecodable bytes: the one under `at`, repaired. */
  private strayChar(code: number): string {
    if (code === 0xfffd) {
      this.note('無法以匯出檔的編碼解讀的位元組，已換成「�」');
      return '\uFFFD';
    }
    this.note(`控制字元 ${hex(code)}，已移除`);
    return '';
  }

  private run(text: string, final: boolean): string {
    const out: string[] = [];
    let at = 0;
    // Newlines of this piece, found once: the position moves over them in order.
    const newlines: number[] = [];
    for (let found = text.indexOf('\n'); found >= 0; found = text.indexOf('\n', found + 1)) newlines.push(found);
    let nextNewline = 0;
    const advance = (from: number, to: number) => {
      let last = -1;
      while (nextNewline < newlines.length && newlines[nextNewline]! < to) {
        last = newlines[nextNewline]!;
        nextNewline += 1;
        this.line += 1;
      }
      this.column = last >= 0 ? to - last : this.column + (to - from);
    };
    const keep = (to: number) => {
      out.push(text.slice(at, to));
      advance(at, to);
      at = to;
    };
    const drop = (to: number) => {
      advance(at, to);
      at = to;
    };
    /** Text or CDATA kept up to the run's limit; beyond it, dropped. */
    const keepRun = (to: number) => {
      const cut = Math.min(to, at + Math.max(0, WXR_RUN_LIMIT - this.runLength));
      this.runLength += cut - at;
      keep(cut);
      if (cut < to) drop(to);
    };
    const replace = (width: number, by: string) => {
      out.push(by);
      drop(at + width);
    };
    this.carried = '';
    while (at < text.length) {
      if (this.state === 'text') {
        TEXT_SPECIAL.lastIndex = at;
        const found = TEXT_SPECIAL.exec(text);
        if (!found) {
          keepRun(text.length);
          break;
        }
        keepRun(found.index);
        const char = text[at]!;
        if (char === '&') {
          const repaired = this.reference(text, at, final);
          if (!repaired) break;
          replace(repaired.next - at, repaired.out);
        } else if (char === '<') {
          if (!final && text.length - at < 9) break;
          this.runLength = 0;
          if (text.startsWith('<![CDATA[', at)) {
            this.state = 'cdata';
            keep(at + 9);
          } else if (text.startsWith('<!--', at)) {
            this.state = 'comment';
            drop(at + 4);
          } else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
            this.state = 'doctype';
            this.depth = 0;
            this.quote = '';
            drop(at + 9);
          } else if (text.startsWith('<?', at)) {
            this.state = 'pi';
            this.length = 0;
            keep(at + 2);
          } else if (NAME_START.test(text[at + 1] ?? '')) {
            this.state = 'tag';
            this.quote = '';
            this.length = 0;
            keep(at + 1);
          } else {
            this.note('未轉義的「<」，已當作文字');
            replace(1, '&lt;');
          }
        } else {
          replace(1, this.strayChar(char.charCodeAt(0)));
        }
      } else if (this.state === 'tag') {
        TAG_SPECIAL.lastIndex = at;
        const found = TAG_SPECIAL.exec(text);
        const to = found ? found.index : text.length;
        this.length += to - at;
        if (this.length > WXR_TAG_LIMIT) this.tooLong('標籤');
        keep(to);
        if (!found) break;
        const char = text[at]!;
        this.length += 1;
        if (char === '>' && !this.quote) {
          this.state = 'text';
          keep(at + 1);
        } else if (char === '"' || char === "'") {
          if (!this.quote) this.quote = char;
          else if (this.quote === char) this.quote = '';
          keep(at + 1);
        } else if (char === '&' && this.quote) {
          const repaired = this.reference(text, at, final);
          if (!repaired) break;
          replace(repaired.next - at, repaired.out);
        } else if (char === '<' && this.quote) {
          this.note('屬性值中未轉義的「<」，已當作文字');
          replace(1, '&lt;');
        } else if (char === '>' || char === '&' || char === '<') {
          // Outside a value these are broken markup, not stray text: the parser names them.
          keep(at + 1);
        } else {
          replace(1, this.strayChar(char.charCodeAt(0)));
        }
      } else if (this.state === 'cdata') {
        CDATA_SPECIAL.lastIndex = at;
        const found = CDATA_SPECIAL.exec(text);
        if (!found) {
          // "]]" may be the start of the closer in the next piece.
          keepRun(final ? text.length : Math.max(at, text.length - 2));
          break;
        }
        keepRun(found.index);
        if (found[0] === ']]>') {
          this.state = 'text';
          this.runLength = 0;
          keep(at + 3);
        } else {
          replace(1, this.strayChar(text.charCodeAt(at)));
        }
      } else if (this.state === 'comment') {
        const close = text.indexOf('-->', at);
        if (close < 0) {
          drop(final ? text.length : Math.max(at, text.length - 2));
          break;
        }
        drop(close + 3);
        this.state = 'text';
      } else if (this.state === 'pi') {
        const close = text.indexOf('?>', at);
        const to = close < 0 ? (final ? text.length : Math.max(at, text.length - 1)) : close + 2;
        this.length += to - at;
        if (this.length > WXR_TAG_LIMIT) this.tooLong('處理指令');
        keep(to);
        if (close < 0) break;
        this.state = 'text';
      } else {
        // DOCTYPE: read to its end (quotes and the internal subset's brackets counted), kept nowhere.
        const char = text[at]!;
        if (this.quote) {
          if (char === this.quote) this.quote = '';
        } else if (char === '"' || char === "'") this.quote = char;
        else if (char === '[') this.depth += 1;
        else if (char === ']') this.depth = Math.max(0, this.depth - 1);
        else if (char === '>' && this.depth === 0) this.state = 'text';
        drop(at + 1);
      }
    }
    if (at < text.length) this.carried = text.slice(at);
    return out.join('');
  }
}

/** Where the XML declaration is looked for. */
export const DECLARATION_BYTES = 512;

/** `encoding="…"` of the XML declaration, read from the file's first bytes (a byte-order mark wins). */
export function declaredEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const declaration = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(head.subarray(0, DECLARATION_BYTES).toString('latin1'));
  return declaration?.[1] ?? 'utf-8';
}
