import type Koa from 'koa';
import type { z } from 'zod';
import { ConfigError, loadConfig, type ServiceEnv } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { ServiceMetrics } from './metrics.js';
import { listen, type ServerTuning } from './server.js';
import type { ServiceRuntime } from './service-app.js';
import { ServiceHealth } from './service-health.js';

/** The environment schema (parsed with loadConfig) or a loader with checks beyond it. */
export type ConfigSource<C> = z.ZodType<C, z.ZodTypeDef, unknown> | ((env: NodeJS.ProcessEnv) => C);

export interface BuiltService {
  app: Koa;
  /** Timeouts and connection hooks for the listening server (the gateway's limits). */
  server?: ServerTuning;
  /** Names of migrations not yet applied; the process is not ready until this is empty. */
  pendingMigrations?(): Promise<string[]>;
  /** Once migrated: timers and background jobs. */
  start?(): void | Promise<void>;
  /**
   * Then, before the process says it is ready: whatever makes its first requests as fast as the
   * later ones (code loaded, caches filled), e.g. by asking itself at `origin`. An orchestrator
   * sends no traffic until it ends, so a new replica in a rolling update never answers a reader
   * cold. A failure is logged, never fatal: a replica whose dependencies are down still serves.
   */
  warmUp?(origin: string): Promise<void>;
  /** On shutdown, after the last request was answered: write out what is held in memory. */
  drain?(): Promise<void>;
  /** Then each of these, in order (pools, clients). */
  close?: Array<() => Promise<unknown> | unknown>;
}

export interface ServiceDefinition<C extends ServiceEnv> {
  name: string;
  config: ConfigSource<C>;
  build(context: { config: C; runtime: ServiceRuntime }): BuiltService | Promise<BuiltService>;
}

const MIGRATION_RECHECK_MS = 2000;

function parse<C>(source: ConfigSource<C>): C {
  return typeof source === 'function' ? source(process.env) : loadConfig(source);
}

/** One line on stderr for a configuration problem, a JSON line for anything else; exit 1. */
function failStart(err: unknown, log?: Logger): never {
  if (err instanceof ConfigError || !log) console.error(err instanceof Error ? err.message : String(err));
  else log.fatal({ err }, 'start failed');
  process.exit(1);
}

/**
 * How long past SHUTDOWN_TIMEOUT_MS a shutdown may take (the service's drain hook and closing its
 * resources) before the process gives up and exits 1. An orchestrator's grace period (Kubernetes'
 * terminationGracePeriodSeconds after the preStop delay, compose's stop_grace_period) must cover both.
 */
export const SHUTDOWN_WATCHDOG_MARGIN_MS = 5000;

/**
 * Runs a deployable: parses its configuration, builds it, listens on HOST:PORT, becomes
 * ready once its migrations are applied, watches its dependencies, and on SIGTERM/SIGINT
 * drains (stops accepting, answers in-flight requests with `Connection: close`, closes idle
 * connections), calls the service's drain hook, closes its resources and exits 0 — all
 * within SHUTDOWN_TIMEOUT_MS plus a few seconds, or exits 1.
 */
export async function runService<C extends ServiceEnv>(definition: ServiceDefinition<C>): Promise<void> {
  let log: Logger | undefined;
  try {
    const config = parse(definition.config);
    log = createLogger(definition.name, config.LOG_LEVEL);
    const active = log;
    process.on('unhandledRejection', (err) => active.error({ err }, 'unhandled rejection'));
    const health = new ServiceHealth(log, 'starting');
    const metrics = new ServiceMetrics(definition.name, health);
    metrics.collectProcessMetrics();
    const runtime: ServiceRuntime = { name: definition.name, log, health, metrics };
    const built = await definition.build({ config, runtime });
    const running = await listen(built.app, config.PORT, config.HOST, built.server);
    log.info({ port: running.port, host: config.HOST }, `${definition.name} listening`);
    health.startMonitor();

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) process.exit(1);
      stopping = true;
      health.phase = 'draining';
      active.info({ signal }, 'shutting down: draining connections');
      const watchdog = setTimeout(() => {
        active.error('shutdown did not finish in time; exiting');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_WATCHDOG_MARGIN_MS);
      watchdog.unref();
      const started = Date.now();
      const complete = await running.drain(config.SHUTDOWN_TIMEOUT_MS);
      if (!complete) active.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'in-flight requests did not finish in time; connections cut');
      health.stopMonitor();
      const steps = [...(built.drain ? [() => built.drain!()] : []), ...(built.close ?? [])];
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          active.error({ err }, 'error while shutting down');
        }
      }
      active.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));

    await waitForMigrations(built, log);
    if (stopping) return;
    await built.start?.();
    if (built.warmUp) {
      const warming = Date.now();
      await built.warmUp(`http://127.0.0.1:${running.port}`).catch((err: unknown) => active.warn({ err }, 'warm-up failed; ready anyway'));
      if (stopping) return;
      log.info({ ms: Date.now() - warming }, `${definition.name} warmed up`);
    }
    health.phase = 'serving';
    log.info(`${definition.name} ready`);
  } catch (err) {
    failStart(err, log);
  }
}

async function waitForMigrations(built: BuiltService, log: Logger): Promise<void> {
  if (!built.pendingMigrations) return;
  let warned = '';
  for (;;) {
    let problem: string;
    try {
      const pending = await built.pendingMigrations();
      if (pending.length === 0) return;
      problem = `migrations not applied yet: ${pending.join(', ')}`;
    } catch (err) {
      problem = `cannot read the applied migrations: ${(err as Error).message}`;
    }
    if (problem !== warned) log.warn(`not ready: ${problem}`);
    warned = problem;
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_RECHECK_MS));
  }
}

export interface MigrationDefinition<C extends { LOG_LEVEL: string }> {
  name: string;
  config: ConfigSource<C>;
  migrate(context: { config: C; log: Logger }): Promise<void>;
}

/** The migration entry point (a one-shot job in production): configuration, log, exit code. */
export async function runMigration<C extends { LOG_LEVEL: string }>(definition: MigrationDefinition<C>): Promise<void> {
  let log: Logger | undefined;
  try {
    const config = parse(definition.config);
    log = createLogger(`${definition.name}-migrate`, config.LOG_LEVEL);
    await definition.migrate({ config, log });
    process.exit(0);
  } catch (err) {
    failStart(err, log);
  }
}
