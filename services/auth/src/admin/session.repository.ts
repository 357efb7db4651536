import type { Knex } from 'knex';

export interface SessionRow {
  id: string;
  admin_id: number;
  created_at: Date;
  renewed_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

export interface SessionRepository {
  create(session: { id: string; adminId: number; expiresAt: Date }): Promise<void>;
  /** The session while it may still be used: not ended, not past its absolute limit. */
  findActive(id: string): Promise<SessionRow | undefined>;
  markRenewed(id: string): Promise<void>;
  end(id: string): Promise<void>;
  /** Removes rows past their limit for more than a day; bounded, so a sign-in never waits long. */
  pruneExpired(limit?: number): Promise<number>;
}

export function createSessionRepository(db: Knex): SessionRepository {
  const sessions = () => db<SessionRow>('sessions');
  return {
    async create({ id, adminId, expiresAt }) {
      await sessions().insert({ id, admin_id: adminId, expires_at: expiresAt });
    },
    findActive: (id) => sessions().where({ id }).whereNull('ended_at').where('expires_at', '>', db.fn.now()).first(),
    async markRenewed(id) {
      await sessions().where({ id }).update({ renewed_at: db.fn.now() });
    },
    async end(id) {
      await sessions().where({ id }).whereNull('ended_at').update({ ended_at: db.fn.now() });
    },
    async pruneExpired(limit = 500) {
      return sessions()
        .whereIn('id', sessions().select('id').where('expires_at', '<', db.raw("now() - interval '1 day'")).limit(limit))
        .delete();
    },
  };
}
