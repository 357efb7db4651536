import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { AttachmentIndex } from './attachment-index.js';
import { parseWxr, type WxrCategory, type WxrItem, type WxrTag } from './wxr-parser.js';
import { attachmentIdsOf, decodeWordPressSlug, finishPost, mapCategories, ruleOn, type ItemDecision, type MappedCategory, type PostDraft } from './wxr-mapping.js';
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
function postContext(item: WxrItem, index: ExportIndex, categorySlugs: ReadonlyMap<string, string>) {
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
  return { attachments, categorySlugs: categories };
}

/** The item a decision is about, as the report and the job's items name it. */
export interface DecidedItem {
  postId: number;
  title: string;
}
type OnDecision = (item: DecidedItem, decision: ItemDecision) => Promise<void> | void;
type KeptDecision = { item: DecidedItem; decision: Exclude<ItemDecision, { kind: 'post' }> | { kind: 'draft'; draft: PostDraft } };

/** Where a dry run keeps its decisions, next to the export, for the import it is confirmed into. */
export const decisionsPath = (exportPath: string) => `${exportPath}.decisions.ndjson`;

/**
 * Reads the export again, handing each item with what will become of it (posts mapped in the
 * worker). With `keep`, every decision is also written to decisionsPath (complete or not at all),
 * so that the import maps nothing a second time (eachKeptDecision).
 */
export async function eachDecision(path: string, index: ExportIndex, now: Date, mapper: WxrMappingPool, onDecision: OnDecision, keep = false): Promise<void> {
  const categorySlugs = new Map(index.categories.map((category) => [category.wpSlug, category.slug]));
  const partial = `${decisionsPath(path)}.partial`;
  const out = keep ? createWriteStream(partial) : undefined;
  const write = async (kept: KeptDecision) => {
    if (out && !out.write(`${JSON.stringify(kept)}\n`)) await once(out, 'drain');
  };
  try {
    await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 }), {
      onItem: async (wpItem) => {
        const item = { postId: wpItem.postId, title: Array.from(wpItem.title.trim()).slice(0, 200).join('') };
        const ruled = ruleOn(wpItem);
        if (ruled) {
          await write({ item, decision: ruled });
          return onDecision(item, ruled);
        }
        let decision: ItemDecision;
        try {
          const draft = await mapper.map(wpItem, postContext(wpItem, index, categorySlugs));
          await write({ item, decision: { kind: 'draft', draft } });
          decision = { kind: 'post', post: finishPost(draft, now) };
        } catch (err) {
          if (!(err instanceof PostMappingError)) throw err;
          decision = { kind: 'unreadable', reason: err.message };
          await write({ item, decision });
        }
        return onDecision(item, decision);
      },
    });
    if (out) {
      out.end();
      await once(out, 'close');
      await rename(partial, decisionsPath(path));
    }
  } catch (err) {
    out?.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/** The decisions a dry run kept, finished with `now`; false when there are none (the export is read again). */
export async function eachKeptDecision(path: string, now: Date, onDecision: OnDecision): Promise<boolean> {
  const kept = decisionsPath(path);
  if (!(await stat(kept).catch(() => undefined))) return false;
  const lines = createInterface({ input: createReadStream(kept, { highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const { item, decision } = JSON.parse(line) as KeptDecision;
    if (decision.kind === 'draft') {
      const draft = { ...decision.draft, date: decision.draft.date === null ? null : new Date(decision.draft.date) };
      await onDecision(item, { kind: 'post', post: finishPost(draft, now) });
    } else {
      await onDecision(item, decision);
    }
  }
  return true;
}
