import { createReadStream } from 'node:fs';
import { AttachmentIndex } from './attachment-index.js';
import { parseWxr, type WxrCategory, type WxrItem, type WxrTag } from './wxr-parser.js';
import { attachmentIdsOf, decodeWordPressSlug, mapCategories, ruleOn, type ItemDecision, type MappedCategory } from './wxr-mapping.js';
import { PostMappingError, type WxrMappingPool } from './wxr-mapping-pool.js';

/** What the first reading of an export learns: the site, its terms and where its attachments are. */
export interface ExportIndex {
  site: string;
  categories: MappedCategory[];
  tags: { wpSlug: string; name: string }[];
  /** Attachment post id → its URL, compact and bounded (attachment-index.ts). */
  attachments: AttachmentIndex;
  /** What was repaired or cut to read the file (bad bytes, bare &, encoding, over-long fields), with positions; noteCount counts all. */
  notes: string[];
  noteCount: number;
}

/** Reads the export once for what posts point at (attachments may come after the posts using them). */
export async function indexExport(path: string): Promise<ExportIndex> {
  let site = '';
  const categories: WxrCategory[] = [];
  const tags: WxrTag[] = [];
  const attachments = new AttachmentIndex();
  const reading = await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 }), {
    onSite: (link) => {
      site ||= link;
    },
    onCategory: (category) => categories.push(category),
    onTag: (tag) => tags.push(tag),
    onItem: (item) => {
      if (item.postType === 'attachment' && item.attachmentUrl && !item.oversized.length) attachments.add(item.postId, item.attachmentUrl);
    },
  });
  const notes = [...reading.notes];
  if (attachments.dropped) notes.push(`附件太多：${attachments.dropped} 個附件超出索引上限，未列入（用到它們的封面與圖庫會列為缺少）`);
  return {
    site: site.replace(/\/+$/, ''),
    categories: mapCategories(categories),
    tags: tags.map((tag) => ({ wpSlug: decodeWordPressSlug(tag.slug), name: tag.name.trim().slice(0, 30) })).filter((tag) => tag.name),
    attachments,
    notes,
    noteCount: reading.noteCount + (attachments.dropped ? 1 : 0),
  };
}

/** What one post may point at, for the mapping worker: its attachments and categories only, not the whole index. */
function postContext(item: WxrItem, index: ExportIndex, categorySlugs: ReadonlyMap<string, string>, now: Date) {
  const attachments = new Map<number, string>();
  for (const id of attachmentIdsOf(item)) {
    const url = index.attachments.get(id);
    if (url) attachments.set(id, url);
  }
  const categories = new Map<string, string>();
  for (const term of item.terms) {
    if (term.domain !== 'category') continue;
    const wpSlug = decodeWordPressSlug(term.nicename);
    const slug = categorySlugs.get(wpSlug);
    if (slug) categories.set(wpSlug, slug);
  }
  return { attachments, categorySlugs: categories, now };
}

/** Reads the export again, handing each item with what will become of it (posts mapped in the worker). */
export async function eachDecision(path: string, index: ExportIndex, now: Date, mapper: WxrMappingPool, onDecision: (item: WxrItem, decision: ItemDecision) => Promise<void> | void): Promise<void> {
  const categorySlugs = new Map(index.categories.map((category) => [category.wpSlug, category.slug]));
  await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 }), {
    onItem: async (item) => {
      const ruled = ruleOn(item);
      if (ruled) return onDecision(item, ruled);
      let decision: ItemDecision;
      try {
        decision = { kind: 'post', post: await mapper.map(item, postContext(item, index, categorySlugs, now)) };
      } catch (err) {
        if (!(err instanceof PostMappingError)) throw err;
        decision = { kind: 'unreadable', reason: err.message };
      }
      return onDecision(item, decision);
    },
  });
}
