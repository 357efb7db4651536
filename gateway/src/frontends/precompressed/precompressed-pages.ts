import { acceptedEncodings, type Encoding } from '../../cache/encodings.js';
import { CSP_NONCE_ATTRIBUTE, CSP_NONCE_PLACEHOLDER } from '../../csp/nonce.js';
import { cutAtTicker, type PageTicker } from '../../markets/page-ticker.js';
import { compressAroundHoles, fillHoles, type CompressedAroundHoles, type CompressionLevels } from './compress-around-holes.js';

/** newCspNonce's length: 16 random bytes in base64. */
export const CSP_NONCE_LENGTH = 24;

const ATTRIBUTE = Buffer.from(CSP_NONCE_ATTRIBUTE);
const VALUE_AT = CSP_NONCE_ATTRIBUTE.indexOf(CSP_NONCE_PLACEHOLDER);

/** A cached page cut at its nonce values: `…nonce="` | `" …` (the attribute's quotes stay in the pieces). */
export function cutAtNonces(page: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(ATTRIBUTE); at !== -1; at = page.indexOf(ATTRIBUTE, at + ATTRIBUTE.length)) {
    pieces.push(page.subarray(from, at + VALUE_AT));
    from = at + VALUE_AT + CSP_NONCE_PLACEHOLDER.length;
  }
  pieces.push(page.subarray(from));
  return pieces;
}

/** Brotli 10 is within a few percent of 11 at a third of its time; gzip 6 is gzip 9's size on pages. */
export const PAGE_LEVELS: CompressionLevels = { brotliQuality: 10, gzipLevel: 6 };

interface PageForms {
  pieces: Buffer[];
  /** Each hole's kind in order: a nonce's or the ticker's. */
  holes: Array<'nonce' | 'ticker'>;
  answered: number;
  gzip?: Promise<CompressedAroundHoles | null>;
  br?: Promise<CompressedAroundHoles | null>;
  /** The brotli form once made (null: it could not be). */
  brReady?: CompressedAroundHoles | null;
  /** The gzip form once made (null: it could not be). */
  gzipReady?: CompressedAroundHoles | null;
}

export interface PageAnswer {
  body: Buffer;
  encoding?: Encoding;
}

/**
 * The compressed forms of cached pages, each made once per page and kept as long as the page's
 * bytes are (a WeakMap on the cached body). A response joins the compressed parts around its own
 * nonce. gzip is made when the page is first answered (a few ms in zlib's threads); brotli, ten
 * times slower to make, once the page is answered a second time, and gzip is sent until it is
 * ready: a page rendered for one crawler visit never pays for brotli, a popular page gets it at
 * once.
 */
export class PrecompressedPages {
  private readonly forms = new WeakMap<Buffer, PageForms>();

  /** `ticker`: what fills a page's ticker slot in each response (absent: pages have no slot filled). */
  constructor(
    private readonly levels: CompressionLevels = PAGE_LEVELS,
    private readonly ticker?: PageTicker,
  ) {}

  /**
   * The page with `nonce` in the best kept form `acceptEncoding` allows, uncompressed when it
   * allows none; undefined when no compressed form can be made for this page or nonce (the
   * caller then compresses this response itself).
   */
  async answer(page: Buffer, nonce: string, acceptEncoding: string | undefined): Promise<PageAnswer | undefined> {
    const accepted = acceptedEncodings(acceptEncoding);
    if ((!accepted.br && !accepted.gzip) || nonce.length !== CSP_NONCE_LENGTH) return undefined;
    const forms = this.formsOf(page);
    const hole = this.holesFor(forms, nonce);
    forms.answered += 1;
    if (accepted.br) {
      if (forms.brReady) return { body: fillHoles(forms.brReady, hole), encoding: 'br' };
      if (forms.answered > 1 || !accepted.gzip) this.startBrotli(forms);
      if (!accepted.gzip) {
        const br = await forms.br;
        return br ? { body: fillHoles(br, hole), encoding: 'br' } : undefined;
      }
    }
    forms.gzip ??= this.startGzip(forms);
    const gzip = await forms.gzip;
    return gzip ? { body: fillHoles(gzip, hole), encoding: 'gzip' } : undefined;
  }

  /**
   * What answer() would give, when it can be given now: the brotli form when the client takes it
   * and it is made, else the gzip form when the client takes gzip but not brotli and it is made.
   * Undefined otherwise (answer() then makes or waits for the form).
   */
  answerNow(page: Buffer, nonce: string, acceptEncoding: string | undefined): PageAnswer | undefined {
    const forms = this.forms.get(page);
    if (!forms || nonce.length !== CSP_NONCE_LENGTH) return undefined;
    const accepted = acceptedEncodings(acceptEncoding);
    const form = accepted.br ? forms.brReady : accepted.gzip ? forms.gzipReady : undefined;
    if (!form) return undefined;
    forms.answered += 1;
    return { body: fillHoles(form, this.holesFor(forms, nonce)), encoding: accepted.br ? 'br' : 'gzip' };
  }

  /** This response's bytes for each hole: its nonce, and the ticker as it is now. */
  private holesFor(forms: PageForms, nonce: string): Buffer | Buffer[] {
    const nonceBytes = Buffer.from(nonce, 'latin1');
    if (!forms.holes.includes('ticker')) return nonceBytes;
    const ticker = this.ticker!.hole();
    return forms.holes.map((kind) => (kind === 'nonce' ? nonceBytes : ticker));
  }

  /** Both forms of a page, made now (tests; warming). */
  async formsFor(page: Buffer): Promise<{ br: CompressedAroundHoles | null; gzip: CompressedAroundHoles | null }> {
    const forms = this.formsOf(page);
    forms.gzip ??= this.startGzip(forms);
    this.startBrotli(forms);
    return { br: (await forms.br) ?? null, gzip: await forms.gzip };
  }

  private formsOf(page: Buffer): PageForms {
    let forms = this.forms.get(page);
    if (!forms) {
      const byNonce = cutAtNonces(page);
      const { pieces, holes } = this.ticker ? cutAtTicker(byNonce) : { pieces: byNonce, holes: byNonce.slice(1).map(() => 'nonce' as const) };
      forms = { pieces, holes, answered: 0 };
      this.forms.set(page, forms);
    }
    return forms;
  }

  private startBrotli(forms: PageForms) {
    if (forms.br) return;
    forms.br = this.compress(forms, 'br');
    void forms.br.then((br) => (forms.brReady = br));
  }

  private startGzip(forms: PageForms): Promise<CompressedAroundHoles | null> {
    const gzip = this.compress(forms, 'gzip');
    void gzip.then((made) => (forms.gzipReady = made));
    return gzip;
  }

  private compress({ pieces, holes }: PageForms, encoding: Encoding): Promise<CompressedAroundHoles | null> {
    const lengths = holes.map((kind) => (kind === 'nonce' ? CSP_NONCE_LENGTH : this.ticker!.holeBytes));
    return compressAroundHoles(pieces, lengths, encoding, this.levels).catch(() => null);
  }
}
