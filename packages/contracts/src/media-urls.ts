/**
 * How image URLs under /uploads/ are named. This is the one place the rule is written down;
 * the media service stores objects under these names and the frontends build srcsets from them.
 *
 *   /uploads/<stem>.<ext>          the original: auto-oriented, metadata stripped, at most
 *                                  2048 px on its longer side, in the uploaded format
 *                                  (jpg, png, gif or webp; an AVIF upload is kept as jpg/png)
 *   /uploads/<stem>-w<width>.webp  a WebP variant for each width in VARIANT_WIDTHS
 *                                  (480, 960, 1200, 2048); a variant never enlarges the
 *                                  image, so one named wider than the original holds the
 *                                  original width (w2048 is always the full-size WebP)
 *
 *   /uploads/<stem>-a<aspect>.webp a crop for structured data in each ASPECT_CROPS ratio
 *                                  (16x9, 4x3, 1x1), 1200 px wide, cut around what draws the
 *                                  eye; made on the first request for one, then kept
 *
 * For uploads <stem> is the first 32 hex digits of the SHA-256 of the stored original, so
 * the same image is stored once and every name is immutable; demo covers use their file
 * name's stem (demo-bitcoin.jpg -> demo-bitcoin-w480.webp). The plain URL, asked for with
 * `Accept: image/webp`, is answered with the full-size WebP (`Vary: Accept`).
 */
export const VARIANT_WIDTHS = [480, 960, 1200, 2048] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export const UPLOADS_PREFIX = '/uploads/';

/** A stored object's name: no slash, no dot in the stem, a known image extension. */
export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}\.(?:jpg|jpeg|png|gif|webp|avif)$/i;

/** The crops search engines ask of an article's image (Google: 16:9, 4:3 and 1:1, at least 50,000 pixels). */
export const ASPECT_CROPS = {
  '16x9': { width: 1200, height: 675 },
  '4x3': { width: 1200, height: 900 },
  '1x1': { width: 1200, height: 1200 },
} as const;
export type AspectCrop = keyof typeof ASPECT_CROPS;
export const ASPECT_NAMES = Object.keys(ASPECT_CROPS) as AspectCrop[];
/** The key of a crop: `<stem>-a16x9.webp`. */
export const ASPECT_KEY = /^(.+)-a(16x9|4x3|1x1)\.webp$/;

const VARIANT_SUFFIX = /-(?:w\d{1,4}|a(?:16x9|4x3|1x1))$/;

interface SplitUrl {
  /** Everything before the file name (origin and /uploads/), kept as given. */
  base: string;
  stem: string;
  ext: string;
  suffix: string;
}

function split(url: string): SplitUrl | undefined {
  const suffixAt = url.search(/[?#]/);
  const path = suffixAt === -1 ? url : url.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : url.slice(suffixAt);
  const at = path.indexOf(UPLOADS_PREFIX);
  if (at === -1) return undefined;
  const name = path.slice(at + UPLOADS_PREFIX.length);
  if (!MEDIA_KEY_PATTERN.test(name)) return undefined;
  const dot = name.lastIndexOf('.');
  return { base: path.slice(0, at + UPLOADS_PREFIX.length), stem: name.slice(0, dot).replace(VARIANT_SUFFIX, ''), ext: name.slice(dot + 1), suffix };
}

/** True for a URL (absolute or site path) that names an object of the media service. */
export function isMediaUrl(url: string): boolean {
  return split(url) !== undefined;
}

/**
 * The URL of the WebP variant of `url` at `width` (one of VARIANT_WIDTHS); a URL that is not
 * a media URL (an external image) comes back unchanged.
 */
export function variantUrl(url: string, width: VariantWidth): string {
  const parts = split(url);
  if (!parts) return url;
  return `${parts.base}${parts.stem}-w${width}.webp${parts.suffix}`;
}

/** The 16:9, 4:3 and 1:1 crops of a media URL (for JSON-LD), or null for any other URL. */
export function aspectUrls(url: string): string[] | null {
  const parts = split(url);
  if (!parts) return null;
  return ASPECT_NAMES.map((aspect) => `${parts.base}${parts.stem}-a${aspect}.webp${parts.suffix}`);
}

/**
 * A `srcset` of the WebP variants of a media URL, or '' for any other URL. With the image's
 * real width (the upload response's `width`) the list stops at it with a truthful descriptor;
 * without it every variant is listed under its nominal width.
 */
export function variantSrcset(url: string, intrinsicWidth?: number): string {
  if (!split(url)) return '';
  const entries: string[] = [];
  for (const width of VARIANT_WIDTHS) {
    if (intrinsicWidth !== undefined && intrinsicWidth > 0 && width >= intrinsicWidth) {
      entries.push(`${variantUrl(url, width)} ${Math.round(intrinsicWidth)}w`);
      break;
    }
    entries.push(`${variantUrl(url, width)} ${width}w`);
  }
  return entries.join(', ');
}
