import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensureFrontendsBuilt } from './frontends.js';
import { ensureSigningKeys } from './keys.js';
import type { ProviderStandIn } from '../../services/markets/src/stand-in/provider-stand-in.js';
import { marketsProviders } from './markets-stand-in.js';
import { assertPortsFree, runEntry, runToCompletion, stopAll, waitForHealthy, type ServiceProcess } from './processes.js';

/**
 * The services are reached only through the gateway: bound to the loopback interface, and
 * trusting the one hop in front of them (the gateway, proving itself with FORWARDING_SECRET)
 * for the client's address.
 */
export const INTERNAL_SERVICE_ENV: Readonly<NodeJS.ProcessEnv> = { HOST: '127.0.0.1', TRUSTED_PROXY_HOPS: '1' };

export function newForwardingSecret(): string {
  return randomBytes(24).toString('base64url');
}

export interface StackOptions {
  root: string;
  databaseUrl: string;
  redisUrl?: string;
  dataDir: string;
  gatewayPort: number;
  /** auth, content, media, markets listen on basePort+1, +2, +3, +4. */
  basePort: number;
  seedDemo: boolean;
  buildFrontends: boolean;
  quiet?: boolean;
  extraEnv?: NodeJS.ProcessEnv;
}

export interface RunningStack {
  url: string;
  /** Process id of each running service and of the gateway (e.g. to read their CPU time). */
  pids: Record<string, number>;
  /** The price providers' stand-in, when the stack runs one (markets-stand-in.ts). */
  marketsStandInUrl?: string;
  /** The stand-in itself (its prices and modes), for a bench in the same process. */
  marketsStandIn?: ProviderStandIn;
  /** Another gateway on the same services (a bench's other setting), stopped with the stack; its pid. */
  startGateway(port: number, env: NodeJS.ProcessEnv): Promise<{ url: string; pid: number }>;
  stop(): Promise<void>;
}

const SERVICES_START_MS = 180_000;

const SERVICES = [
  { name: 'auth', offset: 1 },
  { name: 'content', offset: 2 },
  { name: 'media', offset: 3 },
  { name: 'markets', offset: 4 },
] as const;

/** Migrates, seeds and starts every service that exists, then the gateway; answers when all are healthy. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { root, basePort, quiet = false } = options;
  const keys = await ensureSigningKeys(options.dataDir);
  const urlOf = (offset: number) => `http://127.0.0.1:${basePort + offset}`;
  const sharedEnv: NodeJS.ProcessEnv = {
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    DATA_DIR: options.dataDir,
    MEDIA_DIR: join(options.dataDir, 'media'),
    JWT_PRIVATE_KEY_FILE: keys.privateKeyFile,
    JWT_PUBLIC_KEY_FILE: keys.publicKeyFile,
    AUTH_URL: urlOf(1),
    CONTENT_URL: urlOf(2),
    MEDIA_URL: urlOf(3),
    MARKETS_URL: urlOf(4),
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    // New for every start: the gateway proves itself with it, so the services believe its
    // X-Forwarded-For and no one else's (a direct caller on loopback is counted as itself).
    FORWARDING_SECRET: newForwardingSecret(),
    ...options.extraEnv,
  };
  const internalEnv = INTERNAL_SERVICE_ENV;
  const present = SERVICES.filter(({ name }) => existsSync(join(root, 'services', name, 'src', 'main.ts')));
  await assertPortsFree([options.gatewayPort, ...present.map(({ offset }) => basePort + offset)]);

  for (const { name } of present) {
    const migrate = join(root, 'services', name, 'src', 'migrate.ts');
    if (existsSync(migrate)) await runToCompletion(`${name}:migrate`, migrate, sharedEnv, quiet);
  }
  if (options.buildFrontends) ensureFrontendsBuilt(root);

  const processes: ServiceProcess[] = [];
  let markets: Awaited<ReturnType<typeof marketsProviders>> | undefined;
  const stopStandIn = async () => markets?.standIn?.close();
  try {
    markets = await marketsProviders({ ...process.env, ...options.extraEnv });
    Object.assign(sharedEnv, markets.env);
    for (const { name, offset } of present) {
      processes.push(runEntry(name, join(root, 'services', name, 'src', 'main.ts'), { ...sharedEnv, ...internalEnv, PORT: String(basePort + offset) }, quiet));
    }
    // A first start seeds the demo content before answering: minutes on a loaded machine.
    await Promise.all(present.map(({ offset }) => waitForHealthy(`${urlOf(offset)}/healthz`, SERVICES_START_MS)));
    const startGateway = async (port: number, env: NodeJS.ProcessEnv) => {
      await assertPortsFree([port]);
      const gateway = runEntry('gateway', join(root, 'gateway', 'src', 'main.ts'), { ...sharedEnv, ...env, PORT: String(port) }, quiet);
      processes.push(gateway);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealthy(`${url}/healthz`);
      return { url, pid: gateway.child.pid! };
    };
    const { url } = await startGateway(options.gatewayPort, {});
    return {
      url,
      pids: Object.fromEntries(processes.map(({ name, child }) => [name, child.pid!])),
      marketsStandInUrl: markets.standIn?.maxUrl,
      ...(markets.standIn ? { marketsStandIn: markets.standIn } : {}),
      startGateway,
      stop: async () => {
        await stopAll(processes);
        await stopStandIn();
      },
    };
  } catch (err) {
    await stopAll(processes);
    await stopStandIn();
    throw err;
  }
}
