import { ConfigError, createLogger, listen, loadConfig, shutdownOnSignals } from '@coinmag/service-kit';
import { createGatewayApp } from './app.js';
import { gatewayConfigSchema } from './config.js';

async function main() {
  const config = loadConfig(gatewayConfigSchema);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const app = createGatewayApp({ config, log });
  const running = await listen(app, config.PORT);
  log.info({ port: running.port }, 'gateway listening');
  shutdownOnSignals(running, log, []);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
