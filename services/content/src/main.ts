import { ConfigError, createLogger, listen, loadConfig, shutdownOnSignals } from '@coinmag/service-kit';
import { createApp } from './app.js';
import { contentConfigSchema } from './config.js';
import { openDatabase } from './database.js';

async function main() {
  const config = loadConfig(contentConfigSchema);
  const log = createLogger('content', config.LOG_LEVEL);
  const db = openDatabase(config);
  const app = createApp({ db, log });
  const running = await listen(app, config.PORT);
  log.info({ port: running.port }, 'content service listening');
  shutdownOnSignals(running, log, [() => db.destroy()]);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
