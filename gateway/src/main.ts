import { loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { createGatewayApp } from './app.js';
import { createAdminGuard } from './admin-guard.js';
import { frontendsFromConfig } from './frontends/serve-frontends.js';
import { cspOptions, gatewayConfigSchema } from './config.js';

void runService({
  name: 'gateway',
  config: gatewayConfigSchema,
  build({ config, runtime }) {
    const adminGuard = createAdminGuard({
      publicKey: loadTokenPublicKey(config),
      authUrl: config.AUTH_URL,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      confirmCacheMs: config.ADMIN_CONFIRM_CACHE_MS,
    });
    const app = createGatewayApp({ config, runtime, adminGuard, frontends: frontendsFromConfig(config, config.CONTENT_URL, runtime.log), csp: cspOptions(config) });
    return { app };
  },
});
