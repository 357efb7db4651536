import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { ValidationError } from '@coinmag/service-kit';

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
  meta: Record<string, string>;
  terms: { domain: string; nicename: string; name: string }[];
}

export interface WxrHandlers {
  /** The channel's `<link>` (the site's address), once it is read. */
  onSite?(link: string): void;
  onCategory?(category: WxrCategory): void;
  onTag?(tag: WxrTag): void;
  /** Awaited before the next chunk of the file is read: memory stays bounded by one chunk's items. */
  onItem?(item: WxrItem): Promise<void> | void;
}

/** One item's text fields are bounded: a 100 MB export is parsed in pieces, never one piece of 100 MB. */
export const WXR_FIELD_LIMIT = 8 * 1024 * 1024;
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
  return { title: '', link: '', creator: '', content: '', excerpt: '', postId: 0, postDateGmt: '', postDate: '', postName: '', status: '', postType: '', postParent: 0, attachmentUrl: '', meta: {}, terms: [] };
}

/**
 * Reads a WordPress export (WXR 1.x: RSS 2.0 with the wp: namespace) as a stream: each item is
 * handed over as soon as it closes and the next chunk is read only after the handlers are done.
 */
export async function parseWxr(input: Readable, handlers: WxrHandlers): Promise<{ items: number; sawRss: boolean }> {
  const parser = new SaxesParser({ position: false });
  const stack: string[] = [];
  let text = '';
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
    if (text.length + chunk.length > WXR_FIELD_LIMIT) {
      failure ??= new WxrFormatError(`欄位 <${stack.at(-1)}> 超過 ${WXR_FIELD_LIMIT / 1024 / 1024} MB`);
      return;
    }
    text += chunk;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  parser.on('error', (err) => {
    failure ??= new WxrFormatError(`XML 格式錯誤（${err.message.split('\n')[0]}）`);
  });
  parser.on('opentag', (node) => {
    const name = node.name;
    if (stack.length === 0 && name === 'rss') sawRss = true;
    stack.push(name);
    if (stack.length > MAX_DEPTH) failure ??= new WxrFormatError('巢狀層數過深');
    text = '';
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
        if (meta.key) item.meta[meta.key] = meta.value;
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

  const decoder = new StringDecoder('utf8');
  const drain = async () => {
    if (failure) throw failure;
    while (ready.length) await handlers.onItem?.(ready.shift()!);
  };
  for await (const chunk of input) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    await drain();
  }
  parser.write(decoder.end());
  parser.close();
  await drain();
  if (!sawRss) throw new WxrFormatError('這不是 WordPress 匯出檔（缺少 <rss>）');
  return { items, sawRss };
}
