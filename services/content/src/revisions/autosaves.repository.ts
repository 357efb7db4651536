import type { Knex } from 'knex';
import type { AutosaveInput } from '@coinmag/contracts';

export type AutosaveOwner = { articleId: number } | { draftKey: string };

export interface AutosaveRow {
  data: AutosaveInput;
  saved_at: Date;
}

const ownerWhere = (owner: AutosaveOwner) => ('articleId' in owner ? { article_id: owner.articleId } : { draft_key: owner.draftKey });

export class AutosavesRepository {
  constructor(private readonly db: Knex) {}

  async put(owner: AutosaveOwner, data: AutosaveInput): Promise<Date> {
    const conflictColumn = 'articleId' in owner ? 'article_id' : 'draft_key';
    const [row] = await this.db('article_autosaves')
      .insert({ ...ownerWhere(owner), data: JSON.stringify(data), saved_at: this.db.fn.now() })
      .onConflict(conflictColumn)
      .merge(['data', 'saved_at'])
      .returning('saved_at');
    return row.saved_at as Date;
  }

  get(owner: AutosaveOwner): Promise<AutosaveRow | undefined> {
    return this.db('article_autosaves').where(ownerWhere(owner)).first('data', 'saved_at');
  }

  /** The newest copy of a never-saved article, whichever browser made it. */
  latestDraft(): Promise<(AutosaveRow & { draft_key: string }) | undefined> {
    return this.db('article_autosaves').whereNotNull('draft_key').orderBy('saved_at', 'desc').first('data', 'saved_at', 'draft_key');
  }

  async remove(owner: AutosaveOwner, trx: Knex | Knex.Transaction = this.db): Promise<void> {
    await trx('article_autosaves').where(ownerWhere(owner)).delete();
  }

  /** New-draft copies beyond the newest `keep` are dropped, so browsers cannot fill the table. */
  async pruneDrafts(keep: number): Promise<void> {
    await this.db('article_autosaves')
      .whereNotNull('draft_key')
      .whereNotIn('id', this.db('article_autosaves').select('id').whereNotNull('draft_key').orderBy('saved_at', 'desc').limit(keep))
      .delete();
  }
}
