import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import knex, { type Knex } from 'knex';
import { startStack, type RunningStack } from '../stack/stack.js';

const root = resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 8188);
const SERVICES_BASE_PORT = Number(process.env.BENCH_SERVICES_BASE_PORT ?? 4880);
/** BENCH_CPU_PROF_DIR: `--cpu-prof` profiles of the stack's processes are written there. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;

export interface BenchStack {
  /** The gateway's base URL. */
  url: string;
  /** The content service's own URL (its /metrics). */
  contentUrl: string;
  pids: Record<string, number>;
  /** The bench database (its `content` schema holds the articles). */
  db: Knex;
  databaseName: string;
  /** The price providers' stand-in (in this process) and another gateway on the same services. */
  marketsStandIn: RunningStack['marketsStandIn'];
  startGateway: RunningStack['startGateway'];
  /** Stops the stack and removes its database and Redis keys. */
  stop(): Promise<void>;
}

/**
 * The stack a bench measures: the machine's Postgres (a database of its own) and Redis (keys under
 * a prefix of its own), demo content, prebuilt frontends, warnings-only logs.
 */
export async function startBenchStack(name: string, env: NodeJS.ProcessEnv = {}): Promise<BenchStack> {
  const databaseName = `cm_${name}_${Date.now().toString(36)}`;
  const admin = knex({ client: 'pg', connection: ADMIN_URL });
  await admin.raw('create database ??', [databaseName]);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const prefix = `coinmag-${name}:${Date.now()}:`;
  const stack = await startStack({
    root, databaseUrl: url.toString(), redisUrl: REDIS_URL, dataDir: resolve(root, 'data/bench'), gatewayPort: GATEWAY_PORT, basePort: SERVICES_BASE_PORT,
    seedDemo: true, buildFrontends: false, quiet: process.env.BENCH_QUIET !== 'false',
    extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: prefix, ...env, ...(CPU_PROF_DIR ? { STACK_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${CPU_PROF_DIR}` } : {}) },
  });
  const db = knex({ client: 'pg', connection: url.toString() });
  return {
    url: stack.url,
    contentUrl: `http://127.0.0.1:${SERVICES_BASE_PORT + 2}`,
    pids: stack.pids,
    db,
    databaseName,
    marketsStandIn: stack.marketsStandIn,
    startGateway: stack.startGateway,
    async stop() {
      await db.destroy();
      await stack.stop();
      await admin.raw('drop database if exists ?? with (force)', [databaseName]);
      await admin.destroy();
      try {
        execFileSync('redis-cli', ['--scan', '--pattern', `${prefix}*`], { encoding: 'utf8' }).split('\n').filter(Boolean).forEach((key) => execFileSync('redis-cli', ['del', key]));
      } catch {
        // best effort
      }
    },
  };
}
