// Issue 8, checked without Docker: the Dockerfiles, .dockerignore, docker-compose.yml and
// .env.example agree with each other and with the code (each service's zod config schema).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildArgsOf, composeSchemaValidator, dependsOn, dockerfileOf, environmentOf, imageBuildOf, interpolate, readComposeRaw, readEnvExample, type ComposeFile } from './support/compose.js';
import { argumentsOf, copyDestinations, envOf, execForm, fromFlag, instructionsOf, isPinnedImage, parseDockerfile, type Stage } from './support/dockerfile.js';
import { z } from 'zod';
import { serviceEnv, SHUTDOWN_WATCHDOG_MARGIN_MS } from '@coinmag/service-kit';
import { backupSettings } from '../../scripts/backup/settings.js';
import { BACKUP_DOCKERFILE, discoverDeployables, discoverFrontends, DOCKERFILE, loadConfigSchema, POSTGRES_DOCKERFILE, present, ROOT } from './support/repo.js';

const deployables = discoverDeployables();
const shipped = deployables.filter((d) => d.hasMain);
const SECRET_NAME = /PASSWORD|SECRET|PRIVATE_KEY|ACCESS_KEY/;

describe('deployables', () => {
  it('builds every service entry point with the one Dockerfile, and that Dockerfile only for a service', () => {
    for (const d of deployables) {
      expect(d.hasOwnDockerfile, `${d.dir}/Dockerfile: images are built by the root ${DOCKERFILE} (build argument APP=${d.dir})`).toBe(false);
      expect(d.hasMain, `${d.dir} has no src/main.ts`).toBe(true);
      const build = imageBuildOf(d.name);
      expect(build.dockerfile, `compose service ${d.name}`).toBe(DOCKERFILE);
      expect(build.args.APP, `compose service ${d.name}: build argument APP`).toBe(d.dir);
    }
    const compose = readComposeRaw() as ComposeFile;
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => s.build && dockerfileOf(s) !== BACKUP_DOCKERFILE && dockerfileOf(s) !== POSTGRES_DOCKERFILE)) {
      expect(dockerfileOf(service), `${name} builds`).toBe(DOCKERFILE);
      expect(deployables.map((d) => d.dir), `${name}: APP names a deployable`).toContain(buildArgsOf(service).APP);
    }
    expect(shipped.map((d) => d.name)).toEqual(expect.arrayContaining(['gateway', 'content', 'auth', 'media']));
  });

  it('bundles every entry point an image runs in the workspace build script', () => {
    for (const d of shipped) {
      const build = (JSON.parse(readFileSync(join(ROOT, d.dir, 'package.json'), 'utf8')) as { scripts?: { build?: string } }).scripts?.build ?? '';
      expect(build, `${d.dir} build script`).toContain('src/main.ts');
      if (d.hasMigrate) expect(build, `${d.dir} has src/migrate.ts, so its build must bundle it`).toContain('src/migrate.ts');
    }
  });
});

describe.each(shipped.map((d) => [d.dir, d] as const))(`${DOCKERFILE} with APP=%s`, (_dir, d) => {
  const build = imageBuildOf(d.name);
  const dockerfile = parseDockerfile(build.dockerfile, build.args);
  const { final, stages } = dockerfile;
  const stageNames = stages.map((s) => s.name).filter(Boolean);

  it('is a multi-stage build on pinned base images', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      if (stageNames.includes(stage.from)) continue;
      expect(isPinnedImage(stage.from), `FROM ${stage.from} must name a release (no "latest", no bare major version)`).toBe(true);
    }
    expect(stageNames.includes(final.from), 'the final stage starts from a clean base image, not a build stage').toBe(false);
  });

  it('installs with npm ci from the lock file and ships only production dependencies', () => {
    const runs = stages.flatMap((s) => instructionsOf(s, 'RUN').map((i) => ({ stage: s, text: argumentsOf(i) })));
    expect(runs.some((r) => /\bnpm ci\b/.test(r.text))).toBe(true);
    expect(runs.filter((r) => /\bnpm (install|i)\b/.test(r.text)), 'npm install may change the lock file; use npm ci').toEqual([]);
    expect(instructionsOf(final, 'RUN').map(argumentsOf).filter((t) => /\bnpm\b/.test(t)), 'nothing is installed in the final stage').toEqual([]);
    const modules = instructionsOf(final, 'COPY').filter((c) => /(^|\s)\S*node_modules\s/.test(argumentsOf(c)));
    expect(modules.length, 'the final stage copies node_modules from a stage').toBeGreaterThan(0);
    for (const copy of modules) {
      const from = fromFlag(copy);
      const source = stages.find((s) => s.name === from);
      expect(source, `COPY ${argumentsOf(copy)} comes from a build stage`).toBeDefined();
      const installs = instructionsOf(source!, 'RUN').map(argumentsOf).filter((t) => /\bnpm ci\b/.test(t));
      expect(installs.some((t) => t.includes('--omit=dev')), `stage ${from} installs with npm ci --omit=dev`).toBe(true);
    }
  });

  it('gives npm ci every workspace manifest and the lock file before any source', () => {
    const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const stage of stages) {
      const installs = stage.instructions.findIndex((i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(argumentsOf(i)));
      if (installs < 0) continue;
      const lineage: Stage[] = [];
      for (let current: Stage | undefined = stage; current; current = stages.find((s) => s.name === current!.from)) lineage.unshift(current);
      const before = lineage.flatMap((s) => (s === stage ? s.instructions.slice(0, installs) : s.instructions));
      const copied = before.filter((i) => i.getKeyword() === 'COPY' && !fromFlag(i)).map(argumentsOf).join('\n');
      expect(copied, `stage ${stage.name}: the whole source is copied only after npm ci`).not.toMatch(/^\.\s/m);
      for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
        expect(copied, `stage ${stage.name} copies ${file} before npm ci`).toMatch(new RegExp(`(^|\\s)${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\s|$)`));
      }
    }
  });

  it('runs the bundled entry point as a non-root user with NODE_ENV=production', () => {
    const users = instructionsOf(final, 'USER').map(argumentsOf);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(envOf(final).NODE_ENV).toBe('production');
    expect(execForm(argumentsOf(instructionsOf(final, 'CMD').at(-1)!))).toEqual(['node', 'dist/main.js']);
    expect(instructionsOf(final, 'WORKDIR').map(argumentsOf).at(-1)).toBe(`/app/${d.dir}`);
    const copied = instructionsOf(final, 'COPY').map(argumentsOf);
    expect(copied.some((c) => c.includes(`/app/${d.dir}/dist`))).toBe(true);
    if (d.name === 'gateway') {
      const frontendsDir = envOf(final).FRONTENDS_DIR;
      expect(frontendsDir, 'ENV FRONTENDS_DIR tells the bundled gateway where the frontends are').toBeDefined();
      // The build stage builds each frontend into /out/frontends/<name>/dist; the final stage copies that folder to FRONTENDS_DIR.
      const copies = instructionsOf(final, 'COPY').filter((c) => argumentsOf(c).split(/\s+/).includes('/out/frontends'));
      expect(copies.length, 'the final stage copies the built frontends').toBe(1);
      const source = present(stages.find((s) => s.name === fromFlag(copies[0]!)), 'the stage the frontends come from');
      expect(copyDestinations(final), 'the frontends land where FRONTENDS_DIR points').toContain(frontendsDir);
      const runs = instructionsOf(source, 'RUN').map(argumentsOf).join('\n');
      for (const frontend of discoverFrontends()) {
        expect(runs, `gateway image builds frontends/${frontend}`).toMatch(new RegExp(`for frontend in [^;]*\\bfrontends/${frontend}\\b`));
      }
      expect(runs).toContain('npm run build -w "$frontend"');
      expect(runs).toContain('cp -r "$frontend/dist" "/out/$frontend/"');
    }
  });

  it('declares a HEALTHCHECK on /healthz of the port it exposes', () => {
    const checks = instructionsOf(final, 'HEALTHCHECK').map(argumentsOf);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(/\bCMD\b/);
    expect(checks[0]).toContain('/healthz');
    const port = envOf(final).PORT;
    expect(port, 'ENV PORT in the final stage').toMatch(/^\d+$/);
    expect(instructionsOf(final, 'EXPOSE').map(argumentsOf)).toEqual([port]);
    // Docker does not expand build arguments in HEALTHCHECK, so the probe reads the ENV PORT baked in above.
    expect(checks[0]).toContain("'http://127.0.0.1:' + process.env.PORT + '/healthz'");
  });
});

describe('.dockerignore', () => {
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  it('keeps node_modules, build output, data and secrets out of the build context', () => {
    expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '/data', '.env', '.env.*', '**/*.pem']));
    expect(patterns).toContain('!.env.example');
  });
});

describe('docker-compose.yml', () => {
  const raw = readComposeRaw() as ComposeFile;
  const envExample = readEnvExample();
  const { value, referenced, missing } = interpolate(raw, envExample);
  const compose = value as ComposeFile;
  const services = compose.services;

  it('is valid against the Compose specification schema', () => {
    const validate = composeSchemaValidator();
    const valid = validate(compose);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`) ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('takes every variable from .env.example, which lists only variables compose uses', () => {
    expect([...missing], 'referenced without a default and missing from .env.example').toEqual([]);
    expect(Object.keys(envExample).filter((k) => !referenced.has(k)), 'in .env.example but not used').toEqual([]);
  });

  it('commits no secret: passwords and keys are read from .env, and .env.example holds placeholders', () => {
    for (const [name, service] of Object.entries(raw.services)) {
      for (const [key, rawValue] of Object.entries(environmentOf(service))) {
        if (SECRET_NAME.test(key)) expect(rawValue, `${name}.${key}`).toMatch(/^\$\{[A-Z_]+(:\?[^}]*)?\}$/);
        const password = /:\/\/[^/:@]+:([^@]+)@/.exec(rawValue)?.[1];
        if (password) expect(password, `${name}.${key} password`).toMatch(/^\$\{[A-Z_]+\}$/);
      }
    }
    for (const [key, placeholder] of Object.entries(envExample)) {
      if (SECRET_NAME.test(key) || key === 'JWT_PUBLIC_KEY') expect(placeholder, `.env.example ${key}`).toContain('CHANGE-ME');
    }
  });

  it('pins the backing services and gives them health checks and named volumes', () => {
    const backing = Object.entries(services).filter(([, s]) => !s.build || dockerfileOf(s) === POSTGRES_DOCKERFILE);
    expect(backing.map(([name]) => name).sort()).toEqual(['minio', 'postgres', 'redis']);
    for (const [name, service] of backing) {
      // Postgres is built on the official image (plus the archiving tools): that base is pinned.
      const image = service.build ? parseDockerfile(POSTGRES_DOCKERFILE).final.from : service.image ?? '';
      expect(isPinnedImage(image), `${name} image ${image}`).toBe(true);
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeDefined();
      const sources = (service.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source ?? ''));
      expect(sources.length, `${name} keeps its data in a volume`).toBeGreaterThan(0);
      for (const source of sources) expect(Object.keys(compose.volumes ?? {}), `${name}: ${source} is a named volume`).toContain(source);
    }
  });

  it('gives each deployable time to drain and shut down before it is killed (stop_grace_period ≥ SHUTDOWN_TIMEOUT_MS + the shutdown watchdog)', () => {
    for (const d of shipped) {
      const service = present(services[d.name], `compose service ${d.name}`);
      const grace = /^(\d+)s$/.exec(String(service.stop_grace_period ?? '10s'));
      expect(grace, `${d.name}: stop_grace_period in seconds`).not.toBeNull();
      const shutdownMs = z.object(serviceEnv(1)).parse({ SHUTDOWN_TIMEOUT_MS: environmentOf(service).SHUTDOWN_TIMEOUT_MS }).SHUTDOWN_TIMEOUT_MS;
      expect(Number(grace![1]) * 1000, d.name).toBeGreaterThanOrEqual(shutdownMs + SHUTDOWN_WATCHDOG_MARGIN_MS);
    }
  });

  it('publishes a port only on the gateway', () => {
    expect(Object.entries(services).filter(([, s]) => (s.ports ?? []).length > 0).map(([name]) => name)).toEqual(['gateway']);
  });

  it('builds each deployable from the Dockerfile with its build arguments, after its one-shot migration step', () => {
    for (const d of shipped) {
      const service = present(services[d.name], `compose service ${d.name}`);
      expect(dockerfileOf(service)).toBe(DOCKERFILE);
      expect(buildArgsOf(service).APP).toBe(d.dir);
      expect(service.image).toMatch(new RegExp(`^coinmag/${d.name}:`));
      if (!d.hasMigrate) {
        expect(services[`${d.name}-migrate`], `${d.name} has no src/migrate.ts`).toBeUndefined();
        continue;
      }
      const migrate = present(services[`${d.name}-migrate`], `compose service ${d.name}-migrate`);
      expect(dockerfileOf(migrate)).toBe(DOCKERFILE);
      expect(buildArgsOf(migrate), `${d.name}-migrate builds the same image`).toEqual(buildArgsOf(service));
      expect(migrate.image).toBe(service.image);
      expect(migrate.command).toEqual(['node', 'dist/migrate.js']);
      expect(migrate.restart).toBe('no');
      expect(dependsOn(service)[`${d.name}-migrate`]).toBe('service_completed_successfully');
    }
  });

  it('starts a service only once what it depends on is healthy or done', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [target, condition] of Object.entries(dependsOn(service))) {
        const dependency = present(services[target], `${target}, which ${name} depends on`);
        expect(['service_healthy', 'service_completed_successfully'], `${name} → ${target}`).toContain(condition);
        if (condition === 'service_completed_successfully') expect(dependency.restart, `${target} runs once`).toBe('no');
        if (condition === 'service_healthy') {
          const dockerfile = dockerfileOf(dependency);
          const hasCheck = Boolean(dependency.healthcheck?.test) || (dockerfile !== undefined && instructionsOf(parseDockerfile(dockerfile, buildArgsOf(dependency)).final, 'HEALTHCHECK').length > 0);
          expect(hasCheck, `${target} has a health check`).toBe(true);
        }
      }
    }
  });

  it('is documented: the deploy section of docs/operations.md names every variable of .env.example and of the services', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const section = /<!-- deploy:start -->([\s\S]*)<!-- deploy:end -->/.exec(readme)?.[1] ?? '';
    const names = new Set([...Object.keys(envExample), ...Object.values(raw.services).filter((service) => service.build).flatMap((service) => Object.keys(environmentOf(service)))]);
    expect([...names].filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('runs the backup and restore as a one-off service of the backup profile, into a host folder, pointed where the services are', () => {
    const backups = Object.entries(services).filter(([, s]) => dockerfileOf(s) === BACKUP_DOCKERFILE);
    expect(backups.map(([name]) => name)).toEqual(['backup']);
    const backup = backups[0]![1];
    expect(backup.profiles, '`up` never starts it').toEqual(['backup']);
    expect(backup.restart).toBe('no');
    expect(backup.image).toMatch(/^coinmag\/backup:/);
    const mounts = (raw.services.backup!.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(mounts, '`down -v` must not take the backups with it: a host folder, not a named volume').toEqual(['${BACKUP_HOST_DIR:-./backups}:/backups']);
    const env = environmentOf(backup);
    const read = new Set<string>();
    const recorded = new Proxy(env, { get: (target, key: string) => (read.add(key), target[key]) });
    const settings = backupSettings(recorded);
    expect(Object.keys(env).filter((k) => !read.has(k)), 'set but not read by scripts/backup/settings.ts').toEqual([]);
    expect(settings.s3?.bucket).toBe(environmentOf(services.media!).S3_BUCKET);
    expect(env.DATABASE_URL, 'the database the services use').toBe(environmentOf(services.content!).DATABASE_URL);
    for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) expect(env[key], `${key}: the media service's`).toBe(environmentOf(services.media!)[key]);
  });

  it('sets exactly the variables each service reads from its configuration schema', async () => {
    for (const [name, service] of Object.entries(services)) {
      const d = shipped.find((candidate) => service.build && buildArgsOf(service).APP === candidate.dir);
      if (!d) continue;
      const schema = await loadConfigSchema(d.dir);
      const env = environmentOf(service);
      expect(Object.keys(env).filter((k) => !schema.reads.has(k)), `${name}: set but not read by ${schema.exports.join(', ')} nor by its code`).toEqual([]);
      expect([...schema.required].filter((k) => !(k in env)), `${name}: required by ${schema.exports.join(', ')} but not set`).toEqual([]);
      expect(schema.problems(env), `${name}: environment rejected by the schema`).toEqual([]);
      if (name === d.name) {
        expect(env.PORT, `${name} PORT matches the image's`).toBe(envOf(parseDockerfile(DOCKERFILE, buildArgsOf(service)).final).PORT);
        for (const loader of schema.loaders) expect(() => loader.load(env), `${name}: ${loader.name}`).not.toThrow();
      }
    }
  });
});
