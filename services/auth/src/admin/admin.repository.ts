import type { Knex } from 'knex';

export interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
  token_version: number;
  is_default_password: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface NewAdmin {
  username: string;
  passwordHash: string;
  isDefaultPassword: boolean;
}

export interface AdminRepository {
  findByUsername(username: string): Promise<AdminRow | undefined>;
  findById(id: number): Promise<AdminRow | undefined>;
  /** Inserts unless the username exists; true when a row was made. */
  createIfAbsent(admin: NewAdmin): Promise<boolean>;
  /** Stores a new hash and bumps token_version; returns the updated row. */
  replacePassword(id: number, passwordHash: string, isDefaultPassword: boolean): Promise<AdminRow | undefined>;
  remove(id: number): Promise<void>;
}

export function createAdminRepository(db: Knex): AdminRepository {
  const admins = () => db<AdminRow>('admins');
  return {
    findByUsername: (username) => admins().where({ username }).first(),
    findById: (id) => admins().where({ id }).first(),
    async createIfAbsent({ username, passwordHash, isDefaultPassword }) {
      const inserted = await admins()
        .insert({ username, password_hash: passwordHash, is_default_password: isDefaultPassword })
        .onConflict('username')
        .ignore()
        .returning('id');
      return inserted.length > 0;
    },
    async replacePassword(id, passwordHash, isDefaultPassword) {
      const [row] = await db('admins')
        .where({ id })
        .update({
          password_hash: passwordHash,
          is_default_password: isDefaultPassword,
          token_version: db.raw('token_version + 1'),
          updated_at: db.fn.now(),
        })
        .returning('*');
      return row as AdminRow | undefined;
    },
    async remove(id) {
      await admins().where({ id }).delete();
    },
  };
}
