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

export class AdminRepository {
  constructor(private readonly db: Knex) {}

  private admins() {
    return this.db<AdminRow>('admins');
  }

  findByUsername(username: string): Promise<AdminRow | undefined> {
    return this.admins().where({ username }).first();
  }

  findById(id: number): Promise<AdminRow | undefined> {
    return this.admins().where({ id }).first();
  }

  /** Inserts unless the username exists; true when a row was made. */
  async createIfAbsent({ username, passwordHash, isDefaultPassword }: NewAdmin): Promise<boolean> {
    const inserted = await this.admins()
      .insert({ username, password_hash: passwordHash, is_default_password: isDefaultPassword })
      .onConflict('username')
      .ignore()
      .returning('id');
    return inserted.length > 0;
  }

  /** Stores a new hash and bumps token_version; returns the updated row. */
  async replacePassword(id: number, passwordHash: string, isDefaultPassword: boolean): Promise<AdminRow | undefined> {
    const [row] = await this.db('admins')
      .where({ id })
      .update({
        password_hash: passwordHash,
        is_default_password: isDefaultPassword,
        token_version: this.db.raw('token_version + 1'),
        updated_at: this.db.fn.now(),
      })
      .returning('*');
    return row as AdminRow | undefined;
  }

  async remove(id: number): Promise<void> {
    await this.admins().where({ id }).delete();
  }
}
