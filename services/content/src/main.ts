import { ConfigError, createLogger, listen, loadConfig, readKey, shutdownOnSignals } from '@coinmag/service-kit';
import { MediaServiceCoverStore } from './articles/cover-store.js';
import { createApp } from './app.js';
import { contentConfigSchema } from './config.js';
import { openDatabase } from './database.js';

async function main() {
  const config = loadConfig(contentConfigSchema);
  const log = createLogger('content', config.LOG_LEVEL);
  const publicKey = readKey(process.env, 'JWT_PUBLIC_KEY');
  if (!publicKey) throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required (the auth service\'s public key)');
  const db = openDatabase(config);
  const app = createApp({ db, log, publicKey, covers: new MediaServiceCoverStore(config.MEDIA_URL) });
  const running = await listen(app, config.PORT);
  log.info({ port: running.port }, 'content service listening');
  shutdownOnSignals(running, log, [() => db.destroy()]);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
