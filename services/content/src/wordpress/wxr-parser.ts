import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { ARTICLE_LIMITS } from '@coinmag/contracts';
import { ValidationError } from '@coinmag/service-kit';
import { DECLARATION_BYTES, declaredEncoding, WxrRepairer, WxrRepairError } from './wxr-repair.js';

/** A `<wp:category>` of the channel. */
export interface WxrCategory {
  name: string;
  nicename: string;
  /** The parent's nicename; '' at the top. */
  parent: string;
  description: string;
}

/** A `<wp:tag>` of the channel. */
export interface WxrTag {
  name: string;
  slug: string;
}

/** One `<item>`: a post, page, attachment, menu item or any other post type. */
export interface WxrItem {
  title: string;
  link: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: number;
  /** `wp:post_date_gmt` as written (`YYYY-MM-DD hh:mm:ss`, or 0000-… for drafts). */
  postDateGmt: string;
  postDate: string;
  /** `wp:post_name` as written (percent-encoded for Chinese slugs). */
  postName: string;
  status: string;
  postType: string;
  postParent: number;
  attachmentUrl: string;
  /** Only the keys the mapping uses (USED_META): page builders keep megabytes in others. */
  meta: Record<string, string>;
  terms: { domain: string; nicename: string; name: string }[];
  /** Fields cut at their limit (`<content:encoded>` …): the item is reported, not imported. */
  oversized: string[];
}

export interface WxrHandlers {
  /** The channel's `<link>` (the site's address), once it is read. */
  onSite?(link: string): void;
  onCategory?(category: WxrCategory): void;
  onTag?(tag: WxrTag): void;
  /** Awaited before the next chunk of the file is read: memory stays bounded by one chunk's items. */
  onItem?(item: WxrItem): Promise<void> | void;
}

/** A post body longer than an article may be (UTF-8 bytes) is not read further. */
export const WXR_CONTENT_LIMIT = ARTICLE_LIMITS.contentBytes;
/** Any other field (title, excerpt, slug, an SEO value …), in UTF-8 bytes. */
export const WXR_FIELD_LIMIT = 64 * 1024;
/** An attachment's URL, in characters: the index of attachments keeps every one (attachment-index.ts). */
export const WXR_URL_LIMIT = 2048;
const USED_META = new Set(['_thumbnail_id', '_yoast_wpseo_title', '_yoast_wpseo_metadesc']);
/** An element nested deeper than this is not a WXR export. */
const MAX_DEPTH = 12;

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_date': 'postDate',
  'wp:post_name': 'postName',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:attachment_url': 'attachmentUrl',
};

export class WxrFormatError extends ValidationError {
  constructor(detail: string) {
    super('file', `無法讀取匯出檔：${detail}`);
  }
}

/**
 * A copy of `text` that keeps nothing else alive. The parser's text is cut from the chunk it
 * read (V8 keeps a slice's whole parent string), so one attachment URL kept in the index would
 * keep its 256 KB chunk: every chunk of a 100 MB export, in all.
 */
export function detached(text: string): string {
  return text.length === 0 ? '' : Buffer.from(text, 'utf8').toString('utf8');
}

function emptyItem(): WxrItem {
  return { title: '', link: '', creator: '', content: '', excerpt: '', postId: 0, postDateGmt: '', postDate: '', postName: '', status: '', postType: '', postParent: 0, attachmentUrl: '', meta: {}, terms: [], oversized: [] };
}

/**
 * Reads a WordPress export (WXR 1.x: RSS 2.0 with the wp: namespace) as a stream: each item is
 * handed over as soon as it closes and the next chunk is read only after the handlers are done.
 */
export interface WxrReading {
  items: number;
  sawRss: boolean;
  /** The encoding the file was read in (its declaration's, else UTF-8). */
  encoding: string;
  /** What was repaired or cut to read the file, with line and column (the first few); noteCount counts all. */
  notes: string[];
  noteCount: number;
}

const fieldLimit = (name: string) => (name === 'content:encoded' ? WXR_CONTENT_LIMIT : WXR_FIELD_LIMIT);
const sizeName = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

export async function parseWxr(input: Readable, handlers: WxrHandlers): Promise<WxrReading> {
  const parser = new SaxesParser({ position: true });
  const repairer = new WxrRepairer();
  const stack: string[] = [];
  const fieldNotes: string[] = [];
  let text = '';
  let textBytes = 0;
  /** The field being read is past its limit (or is a meta value no one uses): its text is not kept. */
  let ignoring = false;
  let item: WxrItem | undefined;
  let category: Partial<WxrCategory> | undefined;
  let tag: Partial<WxrTag> | undefined;
  let meta: { key: string; value: string } | undefined;
  let term: { domain: string; nicename: string } | undefined;
  let sawRss = false;
  let items = 0;
  let failure: Error | undefined;
  const ready: WxrItem[] = [];

  const appendText = (chunk: string) => {
    if (ignoring) return;
    const name = stack.at(-1) ?? '';
    textBytes += Buffer.byteLength(chunk);
    const limit = fieldLimit(name);
    if (textBytes > limit || (name === 'wp:attachment_url' && text.length + chunk.length > WXR_URL_LIMIT)) {
      ignoring = true;
      const what = name === 'wp:attachment_url' ? `${WXR_URL_LIMIT} 個字元` : sizeName(limit);
      if (item) item.oversized.push(`<${name}>（超過 ${what}）`);
      else if (fieldNotes.length < 20) fieldNotes.push(`第 ${parser.line} 行：欄位 <${name}> 超過 ${what}，只讀取前面的部分`);
      return;
    }
    text += chunk;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  parser.on('error', (err) => {
    const message = err.message.split('\n')[0]!;
    const at = /^(\d+):(\d+): (.*)$/.exec(message);
    failure ??= new WxrFormatError(`XML 格式錯誤（${at ? `第 ${at[1]} 行第 ${at[2]} 欄：${at[3]}` : message}）`);
  });
  parser.on('opentag', (node) => {
    const name = node.name;
    if (stack.length === 0 && name === 'rss') sawRss = true;
    stack.push(name);
    if (stack.length > MAX_DEPTH) failure ??= new WxrFormatError(`第 ${parser.line} 行：巢狀層數過深`);
    text = '';
    textBytes = 0;
    ignoring = name === 'wp:meta_value' && Boolean(meta) && !USED_META.has(meta!.key);
    if (name === 'item') item = emptyItem();
    else if (name === 'wp:category' && !item) category = {};
    else if (name === 'wp:tag' && !item) tag = {};
    else if (name === 'wp:postmeta' && item) meta = { key: '', value: '' };
    else if (name === 'category' && item) term = { domain: String(node.attributes.domain ?? ''), nicename: String(node.attributes.nicename ?? '') };
  });
  parser.on('closetag', (node) => {
    const name = node.name;
    const parent = stack[stack.length - 2];
    const value = detached(text);
    text = '';
    textBytes = 0;
    ignoring = false;
    stack.pop();
    if (name === 'link' && parent === 'channel') handlers.onSite?.(value.trim());
    if (category) {
      if (name === 'wp:cat_name') category.name = value.trim();
      else if (name === 'wp:category_nicename') category.nicename = value.trim();
      else if (name === 'wp:category_parent') category.parent = value.trim();
      else if (name === 'wp:category_description') category.description = value.trim();
      else if (name === 'wp:category') {
        handlers.onCategory?.({ name: category.name ?? '', nicename: category.nicename ?? '', parent: category.parent ?? '', description: category.description ?? '' });
        category = undefined;
      }
      return;
    }
    if (tag) {
      if (name === 'wp:tag_name') tag.name = value.trim();
      else if (name === 'wp:tag_slug') tag.slug = value.trim();
      else if (name === 'wp:tag') {
        handlers.onTag?.({ name: tag.name ?? '', slug: tag.slug ?? '' });
        tag = undefined;
      }
      return;
    }
    if (!item) return;
    if (meta) {
      if (name === 'wp:meta_key') meta.key = value.trim();
      else if (name === 'wp:meta_value') meta.value = value;
      else if (name === 'wp:postmeta') {
        if (USED_META.has(meta.key)) item.meta[meta.key] = meta.value;
        meta = undefined;
      }
      return;
    }
    if (term && name === 'category') {
      item.terms.push({ ...term, name: value.trim() });
      term = undefined;
      return;
    }
    if (name === 'item') {
      ready.push(item);
      item = undefined;
      items += 1;
      return;
    }
    if (parent !== 'item') return;
    if (name === 'wp:post_id') item.postId = Number(value.trim()) || 0;
    else if (name === 'wp:post_parent') item.postParent = Number(value.trim()) || 0;
    else {
      const field = ITEM_FIELDS[name];
      if (field) (item as unknown as Record<string, string>)[field] = field === 'content' || field === 'excerpt' ? value : value.trim();
    }
  });

  let decoder: TextDecoder | undefined;
  let encoding = 'utf-8';
  const feed = (decoded: string) => {
    try {
      parser.write(repairer.write(decoded));
    } catch (err) {
      if (err instanceof WxrRepairError) failure ??= new WxrFormatError(err.message);
      else throw err;
    }
  };
  const drain = async () => {
    if (failure) throw failure;
    while (ready.length) await handlers.onItem?.(ready.shift()!);
  };
  /** The file's first bytes, kept until the XML declaration (and its encoding) can be read. */
  let head: Buffer | undefined = Buffer.alloc(0);
  const startDecoding = () => {
    const declared = declaredEncoding(head!);
    try {
      decoder = new TextDecoder(declared);
    } catch {
      throw new WxrFormatError(`匯出檔宣告的編碼「${declared}」無法辨識`);
    }
    encoding = decoder.encoding;
    const bytes = head!;
    head = undefined;
    feed(decoder.decode(bytes, { stream: true }));
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (head) {
      head = Buffer.concat([head, bytes]);
      if (head.length >= DECLARATION_BYTES) startDecoding();
    } else {
      feed(decoder!.decode(bytes, { stream: true }));
    }
    await drain();
  }
  if (head) startDecoding();
  feed(decoder!.decode());
  try {
    parser.write(repairer.end());
  } catch (err) {
    if (!(err instanceof WxrRepairError)) throw err;
    failure ??= new WxrFormatError(err.message);
  }
  parser.close();
  await drain();
  if (!sawRss) throw new WxrFormatError('這不是 WordPress 匯出檔（缺少 <rss>）');
  const notes = [
    ...(encoding === 'utf-8' ? [] : [`匯出檔的編碼是 ${encoding}，已轉換為 UTF-8`]),
    ...repairer.repairs.map((repair) => `第 ${repair.line} 行第 ${repair.column} 欄：${repair.message}`),
    ...fieldNotes,
  ];
  return { items, sawRss, encoding, notes, noteCount: notes.length + repairer.repairCount - repairer.repairs.length };
}
