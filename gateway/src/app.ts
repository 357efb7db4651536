import Koa from 'koa';
import type { Middleware } from 'koa';
import { errorMiddleware, healthRoutes, requestContext, type Logger } from '@coinmag/service-kit';
import type { GatewayConfig } from './config.js';
import { proxyByRouteTable } from './proxy/proxy.js';
import { securityHeaders } from './security-headers.js';

export interface GatewayDeps {
  config: Pick<GatewayConfig, 'CONTENT_URL' | 'AUTH_URL' | 'MEDIA_URL' | 'UPSTREAM_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS'> & { TRUSTED_PROXY_HOPS?: number };
  log: Logger;
  /** Checks admin tokens before admin calls are proxied (the auth issue supplies it). */
  adminGuard?: Middleware;
  /** Serves the micro-frontends and the shell HTML (the frontend issue supplies it). */
  frontends?: Middleware;
}

export function createGatewayApp({ config, log, adminGuard, frontends }: GatewayDeps): Koa {
  const app = new Koa();
  // The gateway is the edge: it trusts X-Forwarded-For only from the proxies an operator declares.
  const hops = config.TRUSTED_PROXY_HOPS ?? 0;
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
  app.use(securityHeaders());
  app.use(requestContext(log));
  app.use(errorMiddleware());
  app.use(healthRoutes({}));
  if (adminGuard) app.use(adminGuard);
  app.use(
    proxyByRouteTable({
      upstreams: { content: config.CONTENT_URL, auth: config.AUTH_URL, media: config.MEDIA_URL },
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      slowTimeoutMs: config.UPLOAD_TIMEOUT_MS,
    }),
  );
  if (frontends) app.use(frontends);
  return app;
}
