// Issue 8: each built production entry point (the command its image runs) starts with the
// environment docker-compose.yml gives it, pointed at this machine's Postgres and Redis and a
// local S3 server instead of the compose hosts, and answers its health endpoints.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArgsOf, dependsOn, dockerfileOf, environmentOf, imageBuildOf, interpolate, readComposeRaw, readEnvExample, type ComposeFile, type ComposeService } from './support/compose.js';
import { bundleImports, productionClosure } from './support/dependencies.js';
import { argumentsOf, envOf, execForm, instructionsOf, parseDockerfile } from './support/dockerfile.js';
import { freePort, runToCompletion, startLocalS3, startProcess, waitForOk, type LocalS3, type RunningProcess } from './support/processes.js';
import { discoverDeployables, DOCKERFILE, POSTGRES_DOCKERFILE, present, ROOT, type Deployable } from './support/repo.js';

const REDIS_HOST = process.env.TEST_REDIS_HOST ?? '127.0.0.1:6379';
/** This run's Redis keys, apart from a development stack's and other runs' on the same server. */
const REDIS_KEY_PREFIX = `deploy-test:${randomBytes(6).toString('hex')}:`;
const runnable = discoverDeployables().filter((d) => d.hasMain);

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let cursor = '0'; ; ) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      if (next === '0') break;
      cursor = next;
    }
  } finally {
    redis.disconnect();
  }
}

/** What an operator puts in .env: .env.example with its placeholders filled in. */
function operatorEnv(s3: LocalS3): Record<string, string> {
  const example = readEnvExample();
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // One line with \n between PEM lines, as .env.example tells the operator to write it.
  const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');
  const filled: Record<string, string> = {
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    MINIO_ROOT_USER: s3.accessKey,
    MINIO_ROOT_PASSWORD: s3.secretKey,
    ADMIN_PASSWORD: `deploy-${randomBytes(8).toString('hex')}`,
    JWT_PRIVATE_KEY: oneLine(privateKey),
    JWT_PUBLIC_KEY: oneLine(publicKey),
    FORWARDING_SECRET: randomBytes(24).toString('hex'),
  };
  for (const key of Object.keys(filled)) expect(example, `.env.example lists ${key}`).toHaveProperty(key);
  return { ...example, ...filled };
}

interface Image {
  cwd: string;
  command: string[];
  env: Record<string, string>;
}

/** The final stage of the deployable's image (the Dockerfile with its compose build arguments): working directory, CMD and ENV, with /app mapped to this checkout. */
function imageOf(d: Deployable): Image {
  const build = imageBuildOf(d.name);
  const { final } = parseDockerfile(build.dockerfile, build.args);
  const toCheckout = (path: string) => path.replace(/^\/app(?=\/|$)/, ROOT);
  const workdir = instructionsOf(final, 'WORKDIR').map(argumentsOf).at(-1) ?? '/app';
  const command = execForm(argumentsOf(instructionsOf(final, 'CMD').at(-1)!));
  if (!command) throw new Error(`${build.dockerfile} (APP=${d.dir}): CMD is not in exec form`);
  const env = Object.fromEntries(Object.entries(envOf(final)).map(([k, v]) => [k, toCheckout(v)]));
  return { cwd: toCheckout(workdir), command, env };
}

describe('built entry points start with the compose environment', () => {
  const compose = readComposeRaw() as ComposeFile;
  const processes = new Map<string, RunningProcess>();
  const ports = new Map<string, number>();
  let s3: LocalS3 | undefined;
  let database: TestDatabase | undefined;
  let services: Record<string, ComposeService> = {};
  let operator: Record<string, string> = {};
  const redisUrls = new Set<string>();

  /** Compose host names → this machine: the backing services by image, ours by their new ports. */
  function localise(env: Record<string, string>, self: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) {
      if (key === 'PORT') {
        out[key] = String(ports.get(self));
        continue;
      }
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      const target = url && services[url.hostname];
      if (!url || !target) {
        out[key] = value;
        continue;
      }
      const image = target.image ?? '';
      const path = url.pathname === '/' ? '' : url.pathname;
      // Postgres: the official image, or the one built on it with the WAL archiving tools.
      if (image.startsWith('postgres:') || dockerfileOf(target) === POSTGRES_DOCKERFILE) {
        out[key] = database!.url;
      } else if (image.startsWith('redis:')) {
        out[key] = `${url.protocol}//${REDIS_HOST}${path}`;
        redisUrls.add(out[key]);
        out.REDIS_KEY_PREFIX = `${REDIS_KEY_PREFIX}${self}:`;
      } else if (image.startsWith('minio/')) {
        out[key] = `${s3!.endpoint}${path}`;
      } else if (ports.has(url.hostname)) {
        out[key] = `${url.protocol}//127.0.0.1:${ports.get(url.hostname)}${path}`;
      } else {
        throw new Error(`${self}.${key}: no local stand-in for compose host ${url.hostname}`);
      }
    }
    return out;
  }

  beforeAll(async () => {
    const workspaces = runnable.flatMap((d) => ['-w', d.dir]);
    execFileSync('npm', ['run', 'build', ...workspaces], { cwd: ROOT, stdio: 'pipe' });
    s3 = await startLocalS3();
    database = await createTestDatabase('cm_deploy');
    operator = operatorEnv(s3);
    const interpolated = interpolate(compose, operator);
    expect([...interpolated.missing]).toEqual([]);
    services = (interpolated.value as ComposeFile).services;
    for (const d of runnable) ports.set(d.name, await freePort());

    for (const d of runnable.filter((r) => r.hasMigrate)) {
      const step = present(services[`${d.name}-migrate`], `compose service ${d.name}-migrate`);
      expect(dockerfileOf(step)).toBe(DOCKERFILE);
      expect(buildArgsOf(step).APP).toBe(d.dir);
      const image = imageOf(d);
      const command = Array.isArray(step.command) ? step.command : image.command;
      const result = await runToCompletion(`${d.name}-migrate`, command, image.cwd, { ...image.env, ...localise(environmentOf(step), d.name) });
      if (result.code !== 0) throw new Error(`${d.name}-migrate exited with ${result.code}:\n${result.output}`);
    }

    // Start in compose's dependency order; each waits for the deployables it depends on.
    const started = new Set<string>();
    const pending = [...runnable];
    while (pending.length > 0) {
      const ready = pending.filter((d) => Object.keys(dependsOn(present(services[d.name], `compose service ${d.name}`))).every((dep) => !ports.has(dep) || started.has(dep)));
      if (ready.length === 0) throw new Error(`depends_on cycle among ${pending.map((d) => d.name).join(', ')}`);
      await Promise.all(
        ready.map(async (d) => {
          const image = imageOf(d);
          const running = startProcess(d.name, image.command, image.cwd, { ...image.env, ...localise(environmentOf(present(services[d.name], `compose service ${d.name}`)), d.name) });
          processes.set(d.name, running);
          await waitForOk(`http://127.0.0.1:${ports.get(d.name)}/healthz`, running);
          // Traffic goes to a process once it says it is ready (Swarm, Kubernetes, the edge): the
          // gateway says so only after its warm-up (run-service.ts), a moment after it is alive.
          await waitForOk(`http://127.0.0.1:${ports.get(d.name)}/readyz`, running);
          started.add(d.name);
        }),
      );
      for (const d of ready) pending.splice(pending.indexOf(d), 1);
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((p) => p.stop()));
    await s3?.close();
    await database?.drop();
    for (const url of redisUrls) await deleteKeys(url, `${REDIS_KEY_PREFIX}*`);
  }, 60_000);

  it.each(runnable.map((d) => [d.name, d] as const))('%s bundles import only what its image installs (production dependencies)', (_name, d) => {
    const installed = productionClosure(d.dir);
    // Every entry of the bundle: main.js, migrate.js, and the worker threads' (content: article-body-worker.js).
    const entries = readdirSync(join(ROOT, d.dir, 'dist')).filter((file) => file.endsWith('.js'));
    expect(entries).toEqual(expect.arrayContaining(d.hasMigrate ? ['main.js', 'migrate.js'] : ['main.js']));
    for (const entry of entries) {
      const imports = [...bundleImports(join(ROOT, d.dir, 'dist', entry))];
      expect(imports.length, `${d.dir}/dist/${entry} imports npm packages`).toBeGreaterThan(0);
      expect(imports.filter((name) => !installed.has(name)), `${d.dir}/dist/${entry} imports packages that npm ci --omit=dev -w ${d.dir} does not install`).toEqual([]);
    }
  });

  it.each(runnable.map((d) => [d.name, d] as const))('%s answers /healthz and /readyz', async (name) => {
    const base = `http://127.0.0.1:${ports.get(name)}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    const body = await ready.text();
    expect(ready.status, `${name} /readyz: ${body}\n${processes.get(name)?.output()}`).toBe(200);
  });

  it('serves the API through the gateway: demo content, admin login, token checks and S3', async () => {
    const gateway = `http://127.0.0.1:${ports.get('gateway')}`;
    const categories = await fetch(`${gateway}/api/categories`);
    expect(categories.status, await categories.clone().text()).toBe(200);

    const login = await fetch(`${gateway}/api/admin/login`, {
      method: 'POST',
      // A script, not a browser: it asks for the token besides the HttpOnly cookie.
      headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
      body: JSON.stringify({ username: 'admin', password: operator.ADMIN_PASSWORD }),
    });
    expect(login.status, 'the migrate step made the admin account with ADMIN_PASSWORD from .env').toBe(200);
    const { token } = (await login.json()) as { token: string };
    const asAdmin = { authorization: `Bearer ${token}` };

    const stats = await fetch(`${gateway}/api/admin/stats`, { headers: asAdmin });
    expect(stats.status, 'gateway and content accept the token signed by auth').toBe(200);
    expect(((await stats.json()) as { totalArticles: number }).totalArticles, 'SEED_DEMO=true seeded the demo articles').toBeGreaterThan(0);

    // Article bodies are sanitised in a worker thread: the bundle must find dist/article-body-worker.js.
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: '部署檢查', content: '<h2 id="x">標題</h2><p>內文</p><script>alert(1)</script>', status: 'draft', tags: '[]' })) form.append(name, value);
    const saved = await fetch(`${gateway}/api/articles/admin`, { method: 'POST', headers: asAdmin, body: form });
    expect(saved.status, `saving an article: ${await saved.clone().text()}\n${processes.get('content')?.output()}`).toBe(201);
    expect(((await saved.json()) as { content: string }).content).toBe('<h2 id="x">標題</h2><p>內文</p>');

    const storage = await fetch(`${gateway}/api/uploads/test`, { headers: asAdmin });
    expect(storage.status).toBe(200);
    expect(((await storage.json()) as { ok: boolean }).ok, 'media reaches its S3 bucket').toBe(true);
  });
});
