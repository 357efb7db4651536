import { z } from 'zod';
import { DEFAULT_AD_HOSTS, parseHostList, type CspOptions } from './csp/policy.js';
import { ConfigError, loadConfig, serviceEnv, tokenKeyEnv } from '@coinmag/service-kit';
import { limitsEnv } from './limits/limits-config.js';

/** scheme://host[:port], nothing after it. */
const originSchema = z
  .string()
  .url()
  .refine((value) => /^https?:\/\/[^/?#]+\/?$/i.test(value), 'use an origin such as https://coinmag.example, with no path')
  .transform((value) => new URL(value).origin);
/** An empty value (a blank ConfigMap entry) means unset. */
const optionalOrigin = z.preprocess((value) => (value === '' ? undefined : value), originSchema.optional());

const urlListSchema = z
  .string()
  .refine((value) => value.split(',').every((url) => z.string().url().safeParse(url.trim()).success), 'must be a URL or a comma-separated list of URLs');

/** The replicas named by a URL-list variable. */
export const urlList = (value: string): string[] => value.split(',').map((url) => url.trim()).filter(Boolean);

export const gatewayConfigSchema = z.object({
  /**
   * TRUSTED_PROXY_HOPS: how many proxies in front of the gateway (a load balancer, an ingress)
   * to trust for X-Forwarded-For. 0: the client address is the socket's, so a client cannot
   * fake its IP to dodge the login limits.
   */
  ...serviceEnv(8080),
  /** Where a service is: one URL (a single replica, or a load balancer such as a Kubernetes Service) or a comma-separated list of replicas. */
  CONTENT_URL: urlListSchema.default('http://127.0.0.1:4002'),
  AUTH_URL: urlListSchema.default('http://127.0.0.1:4001'),
  MEDIA_URL: urlListSchema.default('http://127.0.0.1:4003'),
  MARKETS_URL: urlListSchema.default('http://127.0.0.1:4004'),
  /** off: public pages carry no price ticker (a site run without the markets service; the bench's pages without it). */
  MARKETS_TICKER: z.enum(['on', 'off']).default('on'),
  /**
   * How often a service name in the URLs above is resolved again to all its addresses (Swarm's
   * dnsrr, a Kubernetes headless Service: one per replica), so the gateway spreads requests over
   * every replica and follows them as they come and go; 0: connect to the name as given.
   */
  UPSTREAM_RESOLVE_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /** How long an upstream may take before the gateway answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** How often the searches and missing pages this gateway counted are handed to the content service. */
  READER_NUMBERS_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Uploads of large images take longer to process. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** How long a GET waits for a service that refuses connections (restarting) before 503. */
  UPSTREAM_RESTART_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Memory for the gateway's cache of public answers (0: no cache, every request proxied). */
  GATEWAY_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Longest a cached answer is served without asking the service (invalidation is exact before that). */
  GATEWAY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** How long a cached answer is kept to answer when the service is down or failing (stale-if-error). */
  GATEWAY_CACHE_STALE_MS: z.coerce.number().int().min(0).max(7 * 86_400_000).default(3_600_000),
  /** The auth service's ES256 public key for checking admin tokens (development: DATA_DIR/keys). */
  ...tokenKeyEnv,
  /** Where the built micro-frontends are (frontends/<name>/dist below it); default: ./frontends from the working directory. */
  FRONTENDS_DIR: z.string().optional(),
  /** Moves a remote without rebuilding the shell: its remoteEntry.js URL. */
  MF_PUBLIC_ENTRY: z.string().optional(),
  /**
   * The public remote's server container, which the gateway renders pages with when the remote is
   * deployed elsewhere; default: server/remoteEntry.js beside MF_PUBLIC_ENTRY.
   */
  MF_PUBLIC_SERVER_ENTRY: z.string().url().optional(),
  MF_ADMIN_ENTRY: z.string().optional(),
  /**
   * The canonical origin written into page metadata, links and feeds (e.g. https://coinmag.example).
   * Required in production (the Host header must never decide it); elsewhere the request's.
   */
  SITE_ORIGIN: optionalOrigin,
  /**
   * The back office's own origin (e.g. https://admin.coinmag.example), recommended in production:
   * /admin and the admin API are served there only, so no script of a public page (ad code
   * included) can reach the admin's session. Unset: the back office shares the site's origin.
   */
  ADMIN_ORIGIN: optionalOrigin,
  /**
   * Hosts the admin's ad and analytics code may connect to and frame on public pages (comma- or
   * space-separated origins, `https://*.example.com` allowed); default: Google's ad hosts.
   * Scripts need no list: public pages trust what a nonced script loads ('strict-dynamic').
   */
  CSP_AD_HOSTS: z
    .string()
    .optional()
    .superRefine((value, issue) => {
      if (value === undefined) return;
      try {
        parseHostList(value);
      } catch (err) {
        issue.addIssue({ code: z.ZodIssueCode.custom, message: (err as Error).message });
      }
    }),
  /**
   * The content service's Redis and key prefix (its REDIS_URL and REDIS_KEY_PREFIX): with them the
   * gateway counts view beacons itself, with no hop to the content service (docs/adr/0012, 0014).
   * Unset: every beacon goes to the content service.
   */
  REDIS_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  REDIS_KEY_PREFIX: z.string().max(50).default('coinmag:content:'),
  /** How long the auth service's "this token is still valid" is trusted (0, the default: ask every time; see service-kit's token-confirm.ts). */
  ADMIN_CONFIRM_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** What one client and all clients may hold, and how long the gateway waits for what they send. */
  ...limitsEnv,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** The configuration, with what production cannot do without; a ConfigError names the variable in one line. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayConfigSchema, env);
  if (config.NODE_ENV === 'production' && !config.SITE_ORIGIN) {
    throw new ConfigError('SITE_ORIGIN is required in production (e.g. https://coinmag.example): page links must not follow the Host header');
  }
  if (config.ADMIN_ORIGIN && config.SITE_ORIGIN && new URL(config.ADMIN_ORIGIN).host === new URL(config.SITE_ORIGIN).host) {
    throw new ConfigError('ADMIN_ORIGIN must be another host than SITE_ORIGIN (e.g. https://admin.coinmag.example)');
  }
  return config;
}

/** The CSP sources from the configuration: the ad hosts, and the origins of remotes moved elsewhere. */
export function cspOptions(config: Pick<GatewayConfig, 'CSP_AD_HOSTS' | 'MF_PUBLIC_ENTRY' | 'MF_ADMIN_ENTRY'>): CspOptions {
  const scriptOrigins = [config.MF_PUBLIC_ENTRY, config.MF_ADMIN_ENTRY]
    .filter((entry): entry is string => Boolean(entry) && /^https?:\/\//i.test(entry!))
    .map((entry) => new URL(entry).origin);
  return { adHosts: config.CSP_AD_HOSTS === undefined ? [...DEFAULT_AD_HOSTS] : parseHostList(config.CSP_AD_HOSTS), scriptOrigins };
}
