import { ConfigError, createLogger, listen, loadConfig, shutdownOnSignals } from '@coinmag/service-kit';
import { createGatewayApp } from './app.js';
import { createAdminGuard } from './admin-guard.js';
import { frontendsFromConfig } from './frontends/serve-frontends.js';
import { cspOptions, gatewayConfigSchema, loadTokenPublicKey } from './config.js';

async function main() {
  const config = loadConfig(gatewayConfigSchema);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const adminGuard = createAdminGuard({
    publicKey: loadTokenPublicKey(config),
    authUrl: config.AUTH_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    confirmCacheMs: config.ADMIN_CONFIRM_CACHE_MS,
  });
  const app = createGatewayApp({ config, log, adminGuard, frontends: frontendsFromConfig(config, config.CONTENT_URL, log), csp: cspOptions(config) });
  const running = await listen(app, config.PORT);
  log.info({ port: running.port }, 'gateway listening');
  shutdownOnSignals(running, log, []);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
