import {
  API_MESSAGES, FLASH_DEP, FLASH_LIMITS, FLASH_MESSAGES, flashCursor, parseFlashCursor,
  type AdminFlash, type FlashInput, type FlashLive, type FlashPage, type FlashRevision, type PublicFlash,
} from '@coinmag/contracts';
import { tagKey } from '@coinmag/rules';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { FlashRepository, FlashRow, FlashTagRow } from './flash.repository.js';
import { REVISIONS_PER_FLASH, type FlashWrite, type FlashWritesRepository } from './flash-writes.repository.js';

/** A time sent as "now" from a phone whose clock is a little behind is still now, not the past. */
const CLOCK_SKEW_MS = 60_000;

function toPublic(row: FlashRow, tags: FlashTagRow[] = []): PublicFlash {
  return {
    id: row.id,
    text: row.text,
    source_url: row.source_url,
    tags: tags.map((tag) => ({ key: tag.key, name: tag.name })),
    important: row.important,
    pinned: row.pinned,
    article: row.article_slug && row.article_title ? { slug: row.article_slug, title: row.article_title } : null,
    published_at: new Date(row.published_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Trimmed, spaces collapsed, empties and second spellings of one tag (same key) dropped. */
function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of tags) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(tagKey(name))) continue;
    seen.add(tagKey(name));
    clean.push(name);
  }
  return clean;
}

/** 快訊 (docs/product.md §2): the rules of what readers see and what the editor may save. */
export class FlashService {
  constructor(
    private readonly items: FlashRepository,
    private readonly writes: FlashWritesRepository,
    /** Told after every write: answers and pages that show items are dropped, nothing else. */
    private readonly invalidate: (deps: CacheNamespace[]) => Promise<void> = async () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private async withTags(rows: FlashRow[]): Promise<PublicFlash[]> {
    const tags = await this.items.tagsOf(rows.map((row) => row.id));
    return rows.map((row) => toPublic(row, tags.get(row.id)));
  }

  /** A page of the list, newest first; the first page also carries the pinned items. */
  async page(cursor: string | undefined, tag: string | undefined, limit: number = FLASH_LIMITS.page): Promise<FlashPage> {
    const before = cursor === undefined ? undefined : parseFlashCursor(cursor);
    if (cursor !== undefined && !before) throw new ValidationError('cursor', FLASH_MESSAGES.badCursor);
    const now = this.clock();
    const rows = await this.items.listPublic({ now, limit: limit + 1, before, tagKey: tag === undefined ? undefined : tagKey(tag) });
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    const pinned = before || tag !== undefined ? [] : await this.withTags(await this.items.listPinned(now));
    return { pinned, items: await this.withTags(shown), next_cursor: rows.length > limit && last ? flashCursor(last.published_at, last.id) : null };
  }

  /** What open pages poll: the newest items and the pinned ones, one answer for every reader. */
  async live(): Promise<FlashLive> {
    const now = this.clock();
    const [newest, pinned] = await Promise.all([this.items.listPublic({ now, limit: FLASH_LIMITS.live }), this.items.listPinned(now)]);
    const ids = new Set(newest.map((row) => row.id));
    return { items: await this.withTags([...newest, ...pinned.filter((row) => !ids.has(row.id))]) };
  }

  async getPublic(id: number): Promise<PublicFlash> {
    const now = this.clock();
    const row = await this.items.find(id, now);
    if (!row || new Date(row.published_at).getTime() > now.getTime()) throw new NotFoundError(FLASH_MESSAGES.notFound);
    return (await this.withTags([row]))[0]!;
  }

  async listRecent(): Promise<AdminFlash[]> {
    const rows = await this.items.listRecent(this.clock(), FLASH_LIMITS.adminList);
    return this.toAdmin(rows);
  }

  async get(id: number): Promise<AdminFlash> {
    const row = await this.items.find(id, this.clock());
    if (!row) throw new NotFoundError(FLASH_MESSAGES.notFound);
    return (await this.toAdmin([row]))[0]!;
  }

  async revisions(id: number): Promise<FlashRevision[]> {
    await this.get(id);
    return (await this.items.revisions(id, REVISIONS_PER_FLASH)).map((row) => ({
      id: row.id, version: row.version, kind: row.kind, text: row.text, source_url: row.source_url, tags: row.tags,
      important: row.important, pinned: row.pinned, article_id: row.article_id, restored_from: row.restored_from,
      published_at: row.published_at ? row.published_at.toISOString() : null, ip: row.ip, created_at: row.created_at.toISOString(),
    }));
  }

  /**
   * Brings a revision back as a new version (kept as a 'restore' revision, told as an edit): its
   * text, links, tags and marks, under the rules of any save (the pin limit; a version other than
   * the current one is refused). The item keeps its time: a restore changes what it says, not when.
   */
  async restore(id: number, revisionId: number, context: { version?: number; ip: string | null }): Promise<AdminFlash> {
    const existing = await this.items.find(id, this.clock());
    if (!existing) throw new NotFoundError(FLASH_MESSAGES.notFound);
    const revision = await this.items.revision(id, revisionId);
    if (!revision) throw new NotFoundError(API_MESSAGES.revisionNotFound);
    // An article deleted since is no longer linked.
    const articleId = revision.article_id !== null && (await this.items.articleExists(revision.article_id)) ? revision.article_id : null;
    const write: FlashWrite = { text: revision.text, source_url: revision.source_url, important: revision.important, pinned: revision.pinned, article_id: articleId, published_at: new Date(existing.published_at) };
    const saved = await this.writes.save({
      existing: { id, expectedVersion: context.version ?? existing.version }, write, tags: cleanTags(revision.tags), ip: context.ip, restoredFrom: revisionId,
      audit: () => ({ action: 'flash.restore', actor: 'admin', ip: context.ip, subjectId: id, summary: revision.text }),
    });
    if (saved === undefined) {
      if (!(await this.items.find(id, this.clock()))) throw new NotFoundError(FLASH_MESSAGES.notFound);
      throw new ConflictError(FLASH_MESSAGES.conflict, 'version');
    }
    await this.invalidate([FLASH_DEP]);
    return this.get(id);
  }

  async create(input: FlashInput, ip: string | null = null): Promise<AdminFlash> {
    const write = await this.writeOf(input, undefined);
    const tags = cleanTags(input.tags);
    const id = await this.writes.save({ write, tags, ip, audit: (created) => ({ action: 'flash.create', actor: 'admin', ip, subjectId: created, summary: write.text }) });
    await this.invalidate([FLASH_DEP]);
    return this.get(id!);
  }

  /** A save naming a version other than the current one is refused (409) and kept as a conflict revision. */
  async update(id: number, input: FlashInput, ip: string | null = null): Promise<AdminFlash> {
    const existing = await this.items.find(id, this.clock());
    if (!existing) throw new NotFoundError(FLASH_MESSAGES.notFound);
    const write = await this.writeOf(input, existing);
    const tags = cleanTags(input.tags);
    const expectedVersion = input.version ?? existing.version;
    const saved = expectedVersion === existing.version
      ? await this.writes.save({ existing: { id, expectedVersion }, write, tags, ip, audit: () => ({ action: 'flash.update', actor: 'admin', ip, subjectId: id, summary: write.text }) })
      : undefined;
    if (saved === undefined) {
      if (!(await this.items.find(id, this.clock()))) throw new NotFoundError(FLASH_MESSAGES.notFound);
      await this.writes.keepConflict(id, write, tags, ip);
      throw new ConflictError(FLASH_MESSAGES.conflict, 'version');
    }
    await this.invalidate([FLASH_DEP]);
    return this.get(id);
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const removed = await this.writes.delete(id, (row) => ({ action: 'flash.delete', actor: 'admin', ip, subjectId: id, summary: row.text }));
    if (!removed) throw new NotFoundError(FLASH_MESSAGES.notFound);
    await this.invalidate([FLASH_DEP]);
  }

  /**
   * The columns of a save. A time in the past is refused unless it is the time the item already
   * has (an edit of a published item sends it back unchanged); none means now, or on an edit, unchanged.
   */
  private async writeOf(input: FlashInput, existing: FlashRow | undefined): Promise<FlashWrite> {
    const now = this.clock();
    let publishedAt: Date;
    if (input.published_at === null || input.published_at === undefined) {
      publishedAt = existing ? new Date(existing.published_at) : now;
    } else {
      const asked = new Date(input.published_at);
      const unchanged = existing && asked.getTime() === new Date(existing.published_at).getTime();
      if (!unchanged && asked.getTime() < now.getTime() - CLOCK_SKEW_MS) throw new ValidationError('published_at', FLASH_MESSAGES.pastSchedule);
      publishedAt = unchanged || asked.getTime() > now.getTime() ? asked : now;
    }
    if (input.article_id !== null && !(await this.items.articleExists(input.article_id))) throw new ValidationError('article_id', FLASH_MESSAGES.articleMissing);
    return { text: input.text, source_url: input.source_url, important: input.important, pinned: input.pinned, article_id: input.article_id, published_at: publishedAt };
  }

  private async toAdmin(rows: FlashRow[]): Promise<AdminFlash[]> {
    const now = this.clock().getTime();
    const items = await this.withTags(rows);
    return items.map((item, index) => ({
      ...item,
      article_id: rows[index]!.article_id,
      status: new Date(item.published_at).getTime() > now ? 'scheduled' : 'published',
      version: rows[index]!.version,
    }));
  }
}
