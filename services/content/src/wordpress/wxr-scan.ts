import { createReadStream } from 'node:fs';
import { parseWxr, type WxrCategory, type WxrItem, type WxrTag } from './wxr-parser.js';
import { decideItem, decodeWordPressSlug, mapCategories, type ItemDecision, type MappedCategory, type MappingContext } from './wxr-mapping.js';

/** What the first reading of an export learns: the site, its terms and where its attachments are. */
export interface ExportIndex {
  site: string;
  categories: MappedCategory[];
  tags: { wpSlug: string; name: string }[];
  /** Attachment post id → its URL: ids and URLs only, so even a large export stays small here. */
  attachments: Map<number, string>;
}

/** Reads the export once for what posts point at (attachments may come after the posts using them). */
export async function indexExport(path: string): Promise<ExportIndex> {
  let site = '';
  const categories: WxrCategory[] = [];
  const tags: WxrTag[] = [];
  const attachments = new Map<number, string>();
  await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 }), {
    onSite: (link) => {
      site ||= link;
    },
    onCategory: (category) => categories.push(category),
    onTag: (tag) => tags.push(tag),
    onItem: (item) => {
      if (item.postType === 'attachment' && item.attachmentUrl) attachments.set(item.postId, item.attachmentUrl);
    },
  });
  return {
    site: site.replace(/\/+$/, ''),
    categories: mapCategories(categories),
    tags: tags.map((tag) => ({ wpSlug: decodeWordPressSlug(tag.slug), name: tag.name.trim().slice(0, 30) })).filter((tag) => tag.name),
    attachments,
  };
}

export function mappingContext(index: ExportIndex, now: Date): MappingContext {
  return { attachments: index.attachments, categorySlugs: new Map(index.categories.map((category) => [category.wpSlug, category.slug])), now };
}

/** Reads the export again, handing each item with what will become of it. */
export async function eachDecision(path: string, context: MappingContext, onDecision: (item: WxrItem, decision: ItemDecision) => Promise<void> | void): Promise<void> {
  await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 }), {
    onItem: (item) => onDecision(item, decideItem(item, context)),
  });
}
