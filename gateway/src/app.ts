import type Koa from 'koa';
import type { Middleware } from 'koa';
import { createRuntime, createServiceApp, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import type { ViewBeaconAnswer } from '@coinmag/contracts';
import type { GatewayViews } from '@coinmag/views';
import { HttpContentCounting } from './edge/content-counting.js';
import type { ObservedRequest, ReaderNumbers } from './numbers/reader-numbers.js';
import { beaconLane } from './edge/beacon-lane.js';
import { edgeStage } from './edge/edge-stage.js';
import { freshHitLane } from './edge/fresh-hits.js';
import { freshPageFrontLane } from './edge/fresh-pages.js';
import type { CachedPages } from './frontends/page-service/page-service.js';
import type { GatewayCache } from './cache/response-cache.js';
import { urlList, type GatewayConfig } from './config.js';
import { cspReportEndpoint, DEFAULT_AD_HOSTS, type CspOptions } from './csp/index.js';
import { answerWordPressLinks } from './proxy/wordpress-links.js';
import { proxyByRouteTable } from './proxy/proxy.js';
import { replicaPool } from './proxy/replica-resolver.js';
import { UpstreamPool } from './proxy/upstream-pool.js';
import { clientRequestCap } from './limits/client-requests.js';
import { limitsFrom, type LimitsConfig } from './limits/limits-config.js';
import { upstreamBodies } from './limits/upstream-body.js';
import { refreshTickerAfterSettings } from './markets/ticker-after-settings.js';
import { tickerHtml } from './markets/ticker-html.js';
import type { TickerFeed } from './markets/ticker-feed.js';

export interface GatewayDeps {
  config: Pick<GatewayConfig, 'CONTENT_URL' | 'AUTH_URL' | 'MEDIA_URL' | 'UPSTREAM_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS'> &
    Partial<Pick<GatewayConfig, 'MARKETS_URL' | 'NEWSLETTER_URL' | 'TRUSTED_PROXY_HOPS' | 'FORWARDING_SECRET' | 'UPSTREAM_RESTART_WAIT_MS' | 'UPSTREAM_RESOLVE_MS' | 'ADMIN_ORIGIN'>> &
    Partial<LimitsConfig>;
  /** The chassis's log, health and metrics (runService's); tests get a fresh one. */
  runtime?: ServiceRuntime;
  /** Used when no runtime is given. */
  log?: Logger;
  /** Checks admin tokens before admin calls are proxied (the auth issue supplies it). */
  adminGuard?: Middleware;
  /** Serves the micro-frontends and the shell HTML (the frontend issue supplies it). */
  frontends?: Middleware;
  /** The frontends' cached pages (createFrontends): a fresh one is answered by the edge's page lane. */
  pages?: CachedPages;
  /** Content-Security-Policy sources; default: the Google ad hosts, no remote moved elsewhere. */
  csp?: CspOptions;
  /** The cache of public content answers, kept exact by its invalidation feed (see cache/). */
  cache?: GatewayCache;
  /** Counts view beacons in the gateway itself (`@coinmag/views`' GatewayViews); absent: the content service counts them. */
  beaconViews?: GatewayViews<ViewBeaconAnswer>;
  /** Counts searches and missing pages from every answer (numbers/reader-numbers.ts); absent: not counted. */
  readerNumbers?: ReaderNumbers;
  /** The auth service's replicas, shared with the admin guard's own calls to auth (servicePool); made here when absent. */
  authPool?: UpstreamPool;
  /** The ticker written into pages (markets/ticker-feed.ts): drawn again when the admin saves 行情設定 through this gateway. */
  ticker?: Pick<TickerFeed, 'refresh' | 'hole' | 'holeBytes'>;
}

type PoolConfig = Pick<GatewayConfig, 'UPSTREAM_RESOLVE_MS'> & Partial<LimitsConfig>;

/**
 * The pool of one service's replicas from its URL-list variable, with the gateway's connection
 * limits, following its names' replicas and logging each change of the list.
 */
export function servicePool(service: string, urls: string, config: Partial<PoolConfig>, log: Logger): UpstreamPool {
  const limits = limitsFrom(config);
  const list = urlList(urls);
  return replicaPool(list, config.UPSTREAM_RESOLVE_MS ?? 0, { log, service }, new UpstreamPool(list, limits.upstreamConnections, limits.upstreamQueueMs)).pool;
}

/** Who counts a beacon: the gateway's view counting when it has one, else the content service. */
function beaconCounter(views: GatewayViews<ViewBeaconAnswer> | undefined, content: () => HttpContentCounting) {
  if (views) return views.views.count.bind(views.views);
  const alone = content();
  return alone.count.bind(alone);
}

export function createGatewayApp({ config, runtime: given, log, adminGuard, frontends, pages, csp, cache, beaconViews, authPool, readerNumbers, ticker }: GatewayDeps): Koa {
  const runtime = given ?? createRuntime('gateway', log);
  const cspOptions = csp ?? { adHosts: DEFAULT_AD_HOSTS, scriptOrigins: [] };
  const adminHost = config.ADMIN_ORIGIN ? new URL(config.ADMIN_ORIGIN).host : undefined;
  const limits = limitsFrom(config);
  const content = servicePool('content', config.CONTENT_URL, config, runtime.log);
  // The gateway is the edge: it trusts X-Forwarded-For only from the proxies an operator declares.
  // At the edge: /metrics is served by each service on its internal port, never here.
  // One cap of each client's requests in flight, whichever lane answers them.
  const admit = clientRequestCap(limits.requestsPerClient);
  const count = beaconCounter(beaconViews, () => new HttpContentCounting({ content, timeoutMs: config.UPSTREAM_TIMEOUT_MS, forwardingSecret: config.FORWARDING_SECRET, log: runtime.log }));
  const answered = readerNumbers && ((request: ObservedRequest) => readerNumbers.observe(request));
  // Fresh cached API answers and pages, and view beacons, are answered before Koa builds a context
  // (edge/fresh-hits.ts, edge/fresh-pages.ts, edge/beacon-lane.ts); every other request passes the
  // edge stage first (edge/edge-stage.ts): the per-client cap, a fresh page not compressed yet, and
  // for every answer, whichever stage gives it, the request id, the security headers and policy,
  // the error mapping, the log line and the metrics.
  const app = createServiceApp(runtime, {
    proxyHops: config.TRUSTED_PROXY_HOPS ?? 0,
    exposeMetrics: false,
    front: (koa) => {
      const lanes = [
        ...(cache ? [freshHitLane(koa, cache, { runtime, admit })] : []),
        ...(pages ? [freshPageFrontLane(koa, pages, cspOptions, { runtime, admit, adminHost, answered })] : []),
        beaconLane(koa, { runtime, admit, adminHost, bodyTimeoutMs: limits.bodyTimeoutMs, count }),
      ];
      return (req, res) => lanes.some((lane) => lane(req, res));
    },
    stage: edgeStage({
      runtime,
      admit,
      csp: cspOptions,
      pages,
      adminHost,
      answered,
    }),
  });
  app.use(cspReportEndpoint());
  if (adminGuard) app.use(adminGuard);
  if (ticker) {
    app.use(refreshTickerAfterSettings(ticker));
    app.use(tickerHtml(ticker));
  }
  app.use(
    proxyByRouteTable({
      upstreams: {
        content,
        auth: authPool ?? servicePool('auth', config.AUTH_URL, config, runtime.log),
        media: servicePool('media', config.MEDIA_URL, config, runtime.log),
        markets: servicePool('markets', config.MARKETS_URL ?? 'http://127.0.0.1:4004', config, runtime.log),
        newsletter: servicePool('newsletter', config.NEWSLETTER_URL ?? 'http://127.0.0.1:4005', config, runtime.log),
      },
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      slowTimeoutMs: config.UPLOAD_TIMEOUT_MS,
      restartWaitMs: config.UPSTREAM_RESTART_WAIT_MS ?? 0,
      cache,
      bodyOf: upstreamBodies(limits),
    }),
  );
  app.use(answerWordPressLinks({ content, timeoutMs: config.UPSTREAM_TIMEOUT_MS }));
  if (frontends) app.use(frontends);
  // Sent to the services with every request: they believe the client address only from the gateway.
  app.context.forwardingSecret = config.FORWARDING_SECRET;
  return app;
}
