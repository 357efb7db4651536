// `npm run test:compose`: the operator's path for real. Builds the project's images from its
// Dockerfile, runs the repository's docker-compose.yml with a generated .env on this machine's
// Docker engine, waits for health, then through the published gateway port signs in, creates a
// category and an article with a cover (stored in the S3 service), reads them as a reader,
// reads the ticker and a coin page with the prices of the providers' stand-in, subscribes to 電子報
// and follows the confirmation that arrives at an SMTP sink (the outside parties are containers of
// test/compose/standins.yml, a second compose file, built by test/standins/images.ts),
// restarts the content container, then Postgres and the S3 service, checks nothing was lost,
// runs the restore drill (drill.ts: backup with the `backup` service, `down -v`, restore into a
// fresh stack, everything equal) and the point-in-time recovery drill (pitr-drill.ts), and always
// ends with `down -v`. Third-party images are pulled when a registry answers,
// otherwise built here as stand-ins (third-party.ts). Env: COMPOSE_TEST_GATEWAY_PORT (default: a
// free port), COMPOSE_TEST_IMAGES (auto | standins | pull), COMPOSE_TEST_KEEP=1 (leave it up).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { findEngine, type Engine } from './engine.js';
import { generateEnv, requiredVariables } from './env-file.js';
import { RestoreDrill, type DrillFigures } from './drill.js';
import { PitrDrill, type PitrFigures } from './pitr-drill.js';
import { Checks, Journey, type Deployable } from './journey.js';
import { newsletterThroughTheRelay } from './newsletter.js';
import { pricesThroughTheGateway } from './prices.js';
import { phase, Shell } from './shell.js';
import { ComposeStack } from './stack.js';
import { ThirdPartyImages, thirdPartyImages } from './third-party.js';
import { buildTestStandins, TEST_STANDIN_LABEL } from '../standins/images.js';
import { providerSettings, smtpSettings } from '../standins/ports.js';

const ROOT = resolve(import.meta.dirname, '../..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
/** The outside parties' stand-ins, a second compose file. */
const STANDINS_FILE = join(import.meta.dirname, 'standins.yml');
/** Stopped by the drills while they read, back up and restore: the markets service then writes no price. */
const PRICE_PROVIDER = 'price-provider';
// Projects and image tags of this test: `coinmag-compose-backup-<pid>`, removed by a later run once
// that process is gone.
const PROJECT_PREFIX = 'coinmag-compose-backup-';

interface ComposeService {
  build?: unknown;
  restart?: string;
  profiles?: string[];
  environment?: Record<string, string> | string[];
  ports?: unknown[];
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function engineOrStart(): Engine {
  try {
    return findEngine();
  } catch (first) {
    const started = spawnSync('bash', [join(import.meta.dirname, 'ensure-engine.sh')], { stdio: 'inherit' });
    if (started.status !== 0) throw first;
    return findEngine();
  }
}

/** Projects of earlier runs that were killed before their `down -v` (their process is gone). */
function removeStale(engine: Engine, shell: Shell): void {
  const out = shell.run(engine.docker, ['ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}'], { env: engine.env, quiet: true }).stdout;
  const stale = [...new Set(out.split('\n').map((s) => s.trim()).filter((p) => p.startsWith(PROJECT_PREFIX)))].filter((project) => {
    const pid = Number(project.slice(PROJECT_PREFIX.length));
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  });
  // `down` needs only the project name, but compose still insists on the required variables.
  const placeholders = Object.fromEntries([...requiredVariables(readFileSync(COMPOSE_FILE, 'utf8'))].map((name) => [name, 'unused']));
  for (const project of stale) {
    process.stdout.write(`compose: removing ${project}, left by a run that was killed\n`);
    const [command, ...first] = engine.compose;
    shell.run(command!, [...first, '--project-name', project, '--project-directory', ROOT, '--file', COMPOSE_FILE, 'down', '--volumes', '--remove-orphans', '--timeout', '5'], { env: { ...engine.env, ...placeholders } });
    removeImages(engine, shell, `compose-backup-${project.slice(PROJECT_PREFIX.length)}`);
  }
}

/**
 * The engine's swarm node id ('' outside a swarm). docker-compose v1 makes every network
 * attachable, and an engine leaving a swarm disconnects every container from attachable networks:
 * another test on the same engine (test:swarm) that leaves its swarm cuts this stack's network.
 */
function swarmNode(engine: Engine, shell: Shell): string {
  return shell.run(engine.docker, ['info', '--format', '{{.Swarm.NodeID}}'], { env: engine.env, quiet: true }).stdout.trim();
}

/** This run's images (its own tag), once its stack is gone. */
function removeImages(engine: Engine, shell: Shell, version: string): void {
  const list = (label: string) => shell.run(engine.docker, ['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', '--filter', `label=${label}`], { env: engine.env, quiet: true }).stdout;
  const out = list('org.coinmag.deployable') + '\n' + list(TEST_STANDIN_LABEL);
  const mine = out.split('\n').map((s) => s.trim()).filter((image) => image.endsWith(`:${version}`));
  if (mine.length > 0) shell.run(engine.docker, ['rmi', ...mine], { env: engine.env });
}

async function main(): Promise<number> {
  const begun = Date.now();
  const work = mkdtempSync(join(tmpdir(), PROJECT_PREFIX));
  const shell = new Shell(join(work, 'commands.log'));
  const timings: Array<[string, number]> = [];
  const checks = new Checks();
  const project = `${PROJECT_PREFIX}${process.pid}`;
  // This run's own image tag: another checkout's compose test building at the same time never
  // replaces the images this stack is (re)created from.
  const version = `compose-backup-${process.pid}`;
  let figures: DrillFigures | undefined;
  let pitr: PitrFigures | undefined;
  let stack: ComposeStack | undefined;
  let engine: Engine | undefined;
  let failure: unknown;
  let swarmAtUp: string | undefined;
  const services = (parse(readFileSync(COMPOSE_FILE, 'utf8')) as { services: Record<string, ComposeService> }).services;
  // What `up` starts: every service but those of a profile (the backup one-off).
  const standins = (parse(readFileSync(STANDINS_FILE, 'utf8')) as { services: Record<string, ComposeService> }).services;
  const started = [...Object.entries(services).filter(([, s]) => !s.profiles?.length).map(([name]) => name), ...Object.keys(standins)];
  const longRunning = started.filter((name) => (services[name] ?? standins[name])!.restart !== 'no');
  const deployables: Record<string, Deployable> = {};
  for (const [name, service] of Object.entries(services)) {
    const list = Array.isArray(service.environment) ? service.environment.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]) : Object.entries(service.environment ?? {});
    const environment = Object.fromEntries(list.map(([key, value]) => [key, String(value ?? '')]));
    if (service.build && service.restart !== 'no' && environment.PORT) deployables[name] = { port: environment.PORT, environment };
  }

  const interrupt = () => {
    process.stdout.write('\ncompose: interrupted, removing the stack\n');
    stack?.down();
    process.exit(130);
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  try {
    const ready = await phase(timings, 'engine', () => engineOrStart());
    engine = ready;
    process.stdout.write(`compose: ${ready.describe}\n`);
    removeStale(ready, shell);

    await phase(timings, 'third-party images', () => {
      const reports = new ThirdPartyImages(ready, shell, ROOT).prepare(thirdPartyImages(ROOT, COMPOSE_FILE));
      for (const r of reports) process.stdout.write(`compose:   ${r.image}: ${r.source}\n`);
    });
    await phase(timings, 'build the outside parties’ stand-ins', async () => {
      for (const image of await buildTestStandins(ready, shell, ROOT, version)) process.stdout.write(`compose:   ${image}: built\n`);
    });

    const port = Number(process.env.COMPOSE_TEST_GATEWAY_PORT ?? 0) || (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const envFile = join(work, 'env');
    const backups = join(work, 'backups');
    const env = generateEnv(COMPOSE_FILE, join(ROOT, '.env.example'), { GATEWAY_PORT: String(port), SITE_ORIGIN: baseUrl, COINMAG_VERSION: version, BACKUP_HOST_DIR: backups, ...providerSettings(PRICE_PROVIDER), ...smtpSettings('smtp-sink') }, baseUrl);
    writeFileSync(envFile, env.text, { mode: 0o600 });
    if (env.notInExample.length > 0) process.stdout.write(`compose: warning: docker-compose.yml requires ${env.notInExample.join(', ')}, which .env.example does not list\n`);
    stack = new ComposeStack(ready, shell, { root: ROOT, composeFile: COMPOSE_FILE, extraFiles: [STANDINS_FILE], envFile, project });

    await phase(timings, 'build the project images', () => {
      stack!.mustCompose(['--profile', 'backup', 'build'], { timeoutMs: 60 * 60_000, stream: true });
      // The backup service writes as its image's user, as an operator's folder must let it.
      const uid = Number(shell.must(ready.docker, ['run', '--rm', '--entrypoint', 'id', `coinmag/backup:${version}`, '-u'], { env: ready.env }).trim());
      mkdirSync(backups);
      chownSync(backups, uid, uid);
      chmodSync(work, 0o711);
    });
    await phase(timings, 'up and healthy', async () => {
      swarmAtUp = swarmNode(ready, shell);
      stack!.up(['-d', '--no-build'], { timeoutMs: 15 * 60_000 });
      await stack!.waitHealthy(started, 8 * 60_000);
    });

    const journey = new Journey(stack, checks, baseUrl, env.values.ADMIN_PASSWORD!, deployables);
    await phase(timings, 'platform checks', () => journey.platform());
    await phase(timings, 'admin and reader through the gateway', () => journey.readerAndAdmin());
    await phase(timings, 'prices and 電子報 through the gateway', async () => {
      await pricesThroughTheGateway(journey, checks);
      await newsletterThroughTheRelay(stack!, journey, checks);
    });
    const drill = new RestoreDrill(stack, checks, journey, started, Object.keys(deployables), PRICE_PROVIDER);
    await phase(timings, 'drill: revisions, settings, views', () => drill.write());

    await phase(timings, 'restart content', async () => {
      stack!.mustCompose(['restart', 'content'], { timeoutMs: 5 * 60_000 });
      await stack!.waitHealthy(longRunning, 5 * 60_000);
      await journey.nothingLost('a content restart');
    });
    await phase(timings, 'restart postgres and minio', async () => {
      stack!.mustCompose(['restart', 'postgres', 'minio'], { timeoutMs: 5 * 60_000 });
      await stack!.waitHealthy(longRunning, 5 * 60_000);
      for (const service of Object.keys(deployables)) await journey.waitReady(service, 60_000);
      await journey.nothingLost('a Postgres and S3 restart');
    });
    figures = await phase(timings, 'restore drill', () => drill.run());
    pitr = await phase(timings, 'point-in-time recovery drill', () => new PitrDrill(stack!, checks, journey, started, Object.keys(deployables), PRICE_PROVIDER).run());
  } catch (error) {
    failure = error;
  } finally {
    if (failure && stack) {
      process.stdout.write(`\ncompose: containers at the failure:\n${stack.compose(['ps'], { quiet: true }).stdout}\n`);
      if (engine && swarmAtUp !== undefined && swarmNode(engine, shell) !== swarmAtUp) {
        process.stdout.write('compose: the engine joined or left a swarm while this stack was up (another test on this engine, e.g. test:swarm): leaving a swarm disconnects every container from docker-compose v1\'s attachable networks, which may be what failed here\n');
      }
    }
    if (stack && process.env.COMPOSE_TEST_KEEP === '1') {
      process.stdout.write(`compose: COMPOSE_TEST_KEEP=1: left running as project ${project} (env file ${join(work, 'env')})\n`);
    } else if (stack) {
      await phase(timings, 'down -v', () => {
        stack!.down();
        // This run's images replaced the previous run's, which are left untagged: remove those.
        removeImages(engine!, shell, version);
        shell.run(engine!.docker, ['image', 'prune', '--force', '--filter', 'label=org.coinmag.deployable'], { env: engine!.env });
      });
    }
  }

  process.stdout.write('\ncompose: timings\n');
  for (const [name, seconds] of timings) process.stdout.write(`  ${name.padEnd(40)} ${seconds.toFixed(1).padStart(7)} s\n`);
  if (figures) {
    process.stdout.write(`\ncompose: restore drill: ${figures.tables} tables and sequences, ${figures.objects} media objects; backup ${figures.backupSeconds.toFixed(1)} s, restore ${figures.restoreSeconds.toFixed(1)} s (wall time of the one-off containers)\n`);
    for (const line of figures.reports) process.stdout.write(`  ${line}\n`);
  }
  if (pitr) {
    process.stdout.write(`\ncompose: point-in-time recovery: RPO ${pitr.rpoSeconds.toFixed(1)} s (the worst case: a write just after a segment began; archive_timeout ${pitr.archiveTimeoutSeconds} s); base backup ${pitr.baseBackupSeconds.toFixed(1)} s; restore to the moment ${pitr.restoreSeconds.toFixed(1)} s (the one-off container); volumes destroyed to site ready ${pitr.siteSeconds.toFixed(1)} s\n`);
    for (const line of pitr.reports) process.stdout.write(`  ${line}\n`);
  }
  process.stdout.write(`  ${'total'.padEnd(40)} ${((Date.now() - begun) / 1000).toFixed(1).padStart(7)} s\n`);
  if (failure) {
    process.stdout.write(`\ncompose: FAILED: ${failure instanceof Error ? failure.message : String(failure)}\n`);
    process.stdout.write(`compose: the last commands (full log: ${shell.logFile}):\n${shell.tail(40)}\n`);
    if (checks.failed === 0) checks.failed = 1;
  } else if (process.env.COMPOSE_TEST_KEEP !== '1') {
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(`\ncompose: ${checks.passed} passed, ${checks.failed} failed\n`);
  return failure ? 1 : 0;
}

process.exitCode = await main();
