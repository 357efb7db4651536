import type { Knex } from 'knex';

export interface SessionRow {
  id: string;
  admin_id: number;
  created_at: Date;
  renewed_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

export class SessionRepository {
  constructor(private readonly db: Knex) {}

  private sessions() {
    return this.db<SessionRow>('sessions');
  }

  async create({ id, adminId, expiresAt }: { id: string; adminId: number; expiresAt: Date }): Promise<void> {
    await this.sessions().insert({ id, admin_id: adminId, expires_at: expiresAt });
  }

  /** The session while it may still be used: not ended, not past its absolute limit. */
  findActive(id: string): Promise<SessionRow | undefined> {
    return this.sessions().where({ id }).whereNull('ended_at').where('expires_at', '>', this.db.fn.now()).first();
  }

  async markRenewed(id: string): Promise<void> {
    await this.sessions().where({ id }).update({ renewed_at: this.db.fn.now() });
  }

  async end(id: string): Promise<void> {
    await this.sessions().where({ id }).whereNull('ended_at').update({ ended_at: this.db.fn.now() });
  }

  /** Removes rows past their limit for more than a day; bounded, so a sign-in never waits long. */
  async pruneExpired(limit = 500): Promise<number> {
    return this.sessions()
      .whereIn('id', this.sessions().select('id').where('expires_at', '<', this.db.raw("now() - interval '1 day'")).limit(limit))
      .delete();
  }
}
