import type { Knex } from 'knex';
import { FLASH_LIMITS, FLASH_MESSAGES } from '@coinmag/contracts';
import { ValidationError } from '@coinmag/service-kit';
import type { AuditEntry, AuditRepository } from '@coinmag/audit';
import type { ChangeOutbox } from '../outbox/change-outbox.js';
import type { FlashState } from '../outbox/flash-events.js';
import { tagIdsFor } from '../tags/tag-rows.js';

/** At most this many revisions are kept per item; older ones are dropped on save. */
export const REVISIONS_PER_FLASH = 50;

/** The columns a save sets. */
export interface FlashWrite {
  text: string;
  source_url: string | null;
  important: boolean;
  pinned: boolean;
  article_id: number | null;
  published_at: Date;
}

export interface FlashSave {
  /** Absent: a new item. Present: written only while the row is still at `expectedVersion`. */
  existing?: { id: number; expectedVersion: number };
  write: FlashWrite;
  tags: string[];
  ip: string | null;
  audit: (id: number) => AuditEntry;
  /** The revision a restore brings back: the new revision is kept as a 'restore' of it. */
  restoredFrom?: number;
}

/** Serialises the pin check of concurrent saves, so two tabs cannot make a 4th pin together. */
const PIN_LOCK = 0x666c6173;

/**
 * A flash item's write with everything that goes with it — its tags (the articles' tags table),
 * a revision, the audit entry, the outbox's webhook and IndexNow messages — in one transaction:
 * all of it is kept, or none.
 */
export class FlashWritesRepository {
  constructor(
    private readonly db: Knex,
    private readonly audit: AuditRepository,
    private readonly outbox?: ChangeOutbox,
  ) {}

  /** The item's id, or undefined when `existing` is no longer at the expected version (nothing written). */
  async save(change: FlashSave): Promise<number | undefined> {
    return this.db.transaction(async (trx) => {
      let before: FlashState | undefined;
      let id: number;
      let version: number;
      if (change.write.pinned) await this.assertPinRoom(trx, change.existing?.id);
      if (change.existing) {
        before = await trx('flash_items').where('id', change.existing.id).forUpdate().first('id', 'text', 'published_at');
        const [row] = await trx('flash_items')
          .where({ id: change.existing.id, version: change.existing.expectedVersion })
          .update({ ...change.write, version: trx.raw('version + 1'), updated_at: trx.fn.now() })
          .returning(['id', 'version']);
        if (!row) return undefined;
        id = row.id;
        version = row.version;
      } else {
        const [row] = await trx('flash_items').insert(change.write).returning(['id', 'version']);
        id = row.id;
        version = row.version;
      }
      await this.replaceTags(trx, id, change.tags);
      await this.keepRevision(trx, id, version, change.restoredFrom === undefined ? 'save' : 'restore', change.write, change.tags, change.ip, change.restoredFrom);
      await this.audit.record(change.audit(id), trx);
      if (this.outbox) await this.outbox.flashChanged(trx, before, { id, text: change.write.text, published_at: change.write.published_at });
      return id;
    });
  }

  /** Keeps what a refused save sent as a 'conflict' revision (it was never saved). */
  async keepConflict(id: number, write: FlashWrite, tags: string[], ip: string | null): Promise<void> {
    await this.db.transaction((trx) => this.keepRevision(trx, id, null, 'conflict', write, tags, ip));
  }

  /** Deletes the item, logs it and tells of it; false when there was none. */
  async delete(id: number, entry: (removed: FlashState) => AuditEntry): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const [row]: FlashState[] = await trx('flash_items').where({ id }).delete().returning(['id', 'text', 'published_at']);
      if (!row) return false;
      await this.audit.record(entry(row), trx);
      if (this.outbox) await this.outbox.flashChanged(trx, row, undefined);
      return true;
    });
  }

  private async assertPinRoom(trx: Knex.Transaction, exceptId: number | undefined): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?)', [PIN_LOCK]);
    const query = trx('flash_items').where('pinned', true);
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    const row = await query.count<{ count: number }[]>({ count: '*' }).first();
    if (Number(row?.count ?? 0) >= FLASH_LIMITS.pinned) throw new ValidationError('pinned', FLASH_MESSAGES.tooManyPins);
  }

  private async replaceTags(trx: Knex.Transaction, id: number, tags: string[]): Promise<void> {
    await trx('flash_tags').where({ flash_id: id }).delete();
    if (tags.length === 0) return;
    const ids = await tagIdsFor(trx, tags);
    await trx('flash_tags').insert(tags.map((name, position) => ({ flash_id: id, tag_id: ids.get(name), position })));
  }

  private async keepRevision(
    trx: Knex.Transaction, id: number, version: number | null, kind: 'save' | 'conflict' | 'restore', write: FlashWrite, tags: string[], ip: string | null, restoredFrom: number | null = null,
  ): Promise<void> {
    await trx('flash_revisions').insert({
      flash_id: id, version, kind, text: write.text, source_url: write.source_url, tags: JSON.stringify(tags), important: write.important, pinned: write.pinned,
      article_id: write.article_id, restored_from: restoredFrom, published_at: write.published_at, ip,
    });
    await trx('flash_revisions')
      .where('flash_id', id)
      .whereNotIn('id', trx('flash_revisions').select('id').where('flash_id', id).orderBy('id', 'desc').limit(REVISIONS_PER_FLASH))
      .delete();
  }
}
