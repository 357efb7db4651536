import { ConfigError, createLogger, listen, loadConfig, readKey, shutdownOnSignals, startAuditRetention } from '@coinmag/service-kit';
import { createContentApp } from './app.js';
import { MediaServiceCoverStore } from './articles/cover-store.js';
import { createStores } from './cache/create-store.js';
import { contentConfigSchema } from './config.js';
import { openDatabase } from './database.js';
import { startViewFlusher } from './jobs/view-flusher.js';

async function main() {
  const config = loadConfig(contentConfigSchema);
  const log = createLogger('content', config.LOG_LEVEL);
  const publicKey = readKey(process.env, 'JWT_PUBLIC_KEY');
  if (!publicKey) throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required (the auth service\'s public key)');
  const db = openDatabase(config);
  const stores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  if (!config.REDIS_URL) log.info('REDIS_URL not set: cache, view counts and locks kept in this process');
  const content = createContentApp({ db, log, store: stores.cache, counterStore: stores.counters, publicKey, covers: new MediaServiceCoverStore(config.MEDIA_URL), authUrl: config.AUTH_URL });
  const running = await listen(content.app, config.PORT);
  log.info({ port: running.port }, 'content service listening');
  content.scheduler.start();
  const flusher = startViewFlusher(content.views, log, config.VIEW_FLUSH_INTERVAL_MS);
  const retention = startAuditRetention(content.audit, config.AUDIT_RETENTION_DAYS, log);
  shutdownOnSignals(running, log, [
    async () => retention.stop(),
    async () => content.scheduler.stop(),
    () => flusher.stop(),
    () => stores.cache.close(),
    () => stores.counters.close(),
    () => db.destroy(),
  ]);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
