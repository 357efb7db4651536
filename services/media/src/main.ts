import { ConfigError, createLogger, listen, loadConfig, readKey, shutdownOnSignals } from '@coinmag/service-kit';
import { createApp } from './app.js';
import { mediaConfigSchema } from './config.js';
import { createWorkQueue } from './images/work-queue.js';
import { createStorage } from './storage/create-storage.js';

async function main() {
  const config = loadConfig(mediaConfigSchema);
  const log = createLogger('media', config.LOG_LEVEL);
  const publicKey = readKey(process.env, 'JWT_PUBLIC_KEY');
  if (!publicKey) throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY_FILE: no public key found');
  const storage = createStorage(config);
  try {
    await storage.ensureReady();
  } catch (err) {
    // Keep serving: uploads answer 503 and /api/uploads/test says so until the store is back.
    log.warn({ storage: storage.kind, err: ((err as Error).cause as Error | undefined)?.message }, 'object storage not ready at start');
  }
  const { app, media } = createApp({ storage, log, publicKey, queue: createWorkQueue(config.IMAGE_CONCURRENCY, config.IMAGE_QUEUE_LIMIT) });
  if (config.SEED_DEMO) {
    try {
      await media.seedDemoCovers();
    } catch (err) {
      log.error({ err }, 'drawing the demo covers failed');
    }
  }
  const running = await listen(app, config.PORT);
  log.info({ port: running.port, storage: storage.kind }, 'media listening');
  shutdownOnSignals(running, log, []);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
