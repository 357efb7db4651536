// Point-in-time recovery, checked without Docker: the compose file, the Swarm stack and the
// Kubernetes manifests run the same Postgres image (deploy/postgres/Dockerfile) with the same WAL
// archiving, pointed at the object store the media service uses, with exactly the settings
// coinmag-pitr (scripts/backup/pitr/) reads. The real thing runs in `npm run test:compose`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dockerfileOf, environmentOf, interpolate, readComposeRaw, readEnvExample, type ComposeFile, type ComposeService } from './support/compose.js';
import { argumentsOf, instructionsOf, isPinnedImage, parseDockerfile } from './support/dockerfile.js';
import { resolveContainerEnv } from './support/k8s.js';
import { containersOf, kustomizeBuild, type K8sObject } from './support/kustomize.js';
import { POSTGRES_DOCKERFILE, present, ROOT } from './support/repo.js';

const SCRIPT = 'scripts/backup/pitr/coinmag-pitr';
/** The bound on what a restore may lose. */
const RPO_LIMIT_SECONDS = 60;

/** What coinmag-pitr reads: `setting('NAME')` (required) or `setting('NAME', default)`. */
function scriptSettings(): { reads: Set<string>; required: Set<string> } {
  const text = readFileSync(join(ROOT, SCRIPT), 'utf8');
  const reads = new Set<string>();
  const required = new Set<string>();
  for (const match of text.matchAll(/setting\('([A-Z0-9_]+)'(\s*\))?/g)) {
    reads.add(match[1]!);
    if (match[2]) required.add(match[1]!);
  }
  return { reads, required };
}

/** The server's `-c name=value` settings from its command line. */
function serverSettings(command: string[] | undefined): Record<string, string> {
  const args = present(command, 'the postgres command');
  expect(args[0]).toBe('postgres');
  const settings: Record<string, string> = {};
  args.forEach((arg, i) => {
    if (arg === '-c') {
      const [name, ...value] = args[i + 1]!.split('=');
      settings[name!] = value.join('=');
    }
  });
  return settings;
}

/** Archiving on, through coinmag-pitr, at least every RPO_LIMIT_SECONDS; the WAL_ settings complete and all read. */
function expectArchiving(where: string, command: string[] | undefined, env: Record<string, string>): void {
  const settings = serverSettings(command);
  expect(settings.archive_mode, `${where}: archive_mode`).toBe('on');
  expect(settings.archive_command, `${where}: archive_command`).toBe('coinmag-pitr archive-wal %p');
  const timeout = /^(\d+)s$/.exec(settings.archive_timeout ?? '');
  expect(timeout, `${where}: archive_timeout in seconds`).not.toBeNull();
  expect(Number(timeout![1]), `${where}: archive_timeout leaves room for the upload within ${RPO_LIMIT_SECONDS} s`).toBeLessThanOrEqual(RPO_LIMIT_SECONDS - 10);
  const { reads, required } = scriptSettings();
  const names = Object.keys(env).filter((name) => name.startsWith('WAL_')).map((name) => name.replace(/_FILE$/, ''));
  expect(names.filter((name) => !reads.has(name)), `${where}: set but not read by ${SCRIPT}`).toEqual([]);
  expect([...required].filter((name) => !names.includes(name)), `${where}: required by ${SCRIPT}`).toEqual([]);
}

describe('the postgres image', () => {
  const dockerfile = parseDockerfile(POSTGRES_DOCKERFILE);

  it('is the official image, pinned, plus Barman\'s cloud tools and coinmag-pitr', () => {
    expect(dockerfile.stages).toHaveLength(1);
    expect(dockerfile.final.from).toMatch(/^postgres:/);
    expect(isPinnedImage(dockerfile.final.from)).toBe(true);
    expect(instructionsOf(dockerfile.final, 'RUN').map(argumentsOf).join('\n')).toMatch(/apt-get install [^\n]*\bbarman-cli-cloud\b/);
    expect(instructionsOf(dockerfile.final, 'COPY').map(argumentsOf)).toContain(`${SCRIPT} /usr/local/bin/coinmag-pitr`);
    // The official image's entrypoint and command stay: its start-up contract is unchanged.
    expect(instructionsOf(dockerfile.final, 'ENTRYPOINT')).toEqual([]);
    expect(instructionsOf(dockerfile.final, 'CMD')).toEqual([]);
    expect(instructionsOf(dockerfile.final, 'USER')).toEqual([]);
  });

  it('is what the backup image is built on: pg_dump of the same major version', () => {
    expect(parseDockerfile('deploy/backup/Dockerfile').final.from).toBe(dockerfile.final.from);
  });
});

describe('docker-compose.yml', () => {
  const compose = interpolate(readComposeRaw(), readEnvExample()).value as ComposeFile;
  const raw = readComposeRaw() as ComposeFile;
  const postgres = present(compose.services.postgres, 'compose postgres');

  it('builds Postgres from deploy/postgres/Dockerfile and archives its WAL into the media service\'s object store', () => {
    expect(dockerfileOf(postgres)).toBe(POSTGRES_DOCKERFILE);
    expect(postgres.image).toMatch(/^coinmag\/postgres:/);
    const env = environmentOf(postgres);
    expectArchiving('compose postgres', postgres.command as string[], env);
    const media = environmentOf(present(compose.services.media, 'compose media'));
    expect([env.WAL_S3_ENDPOINT, env.WAL_S3_ACCESS_KEY, env.WAL_S3_SECRET_KEY]).toEqual([media.S3_ENDPOINT, media.S3_ACCESS_KEY, media.S3_SECRET_KEY]);
    expect(env.WAL_S3_BUCKET, 'the WAL apart from the media objects').not.toBe(media.S3_BUCKET);
    // The archive's store is up before the server archives into it.
    expect((raw.services.postgres as ComposeService & { depends_on?: Record<string, { condition: string }> }).depends_on?.minio?.condition).toBe('service_healthy');
  });
});

describe('deploy/swarm/stack.yml', () => {
  const stack = parse(readFileSync(join(ROOT, 'deploy/swarm/stack.yml'), 'utf8')) as { services: Record<string, { image: string; command?: string[]; environment?: Record<string, string>; secrets?: string[] }> };
  const postgres = present(stack.services.postgres, 'stack postgres');

  it('runs the same Postgres image, tagged apart from the application (a release does not restart it), with the same archiving', () => {
    expect(postgres.image).toMatch(/^coinmag\/postgres:\$\{[A-Z_]+:-[^}]+\}$/);
    expect(postgres.image).not.toContain('COINMAG_VERSION');
    const env = postgres.environment ?? {};
    expectArchiving('stack postgres', postgres.command, env);
    const media = present(stack.services.media, 'stack media').environment ?? {};
    expect([env.WAL_S3_ENDPOINT, env.WAL_S3_ACCESS_KEY, env.WAL_S3_SECRET_KEY_FILE]).toEqual([media.S3_ENDPOINT, media.S3_ACCESS_KEY, media.S3_SECRET_KEY_FILE]);
    expect(postgres.secrets).toContain('minio_root_password');
  });
});

describe('k8s', () => {
  const objects: K8sObject[] = kustomizeBuild(join(ROOT, 'k8s/overlays/production'), { useExamplesForMissingEnvFiles: true });
  const set = present(objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'postgres'), 'StatefulSet postgres');
  const containers = containersOf(set);
  const server = present(containers.find((c) => c.name === 'postgres'), 'the postgres container');
  const media = present(containersOf(present(objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'media'), 'Deployment media'))[0], 'media container');

  it('runs the same Postgres image with the same archiving, into the media service\'s object store', () => {
    expect(server.image).toMatch(/\/coinmag\/postgres:/);
    const env = resolveContainerEnv(server, objects);
    expect(env.problems).toEqual([]);
    expectArchiving('k8s postgres', server.args, env.values);
    const mediaEnv = resolveContainerEnv(media, objects).values;
    expect([env.values.WAL_S3_ENDPOINT, env.values.WAL_S3_ACCESS_KEY, env.values.WAL_S3_SECRET_KEY]).toEqual([mediaEnv.S3_ENDPOINT, mediaEnv.S3_ACCESS_KEY, mediaEnv.S3_SECRET_KEY]);
  });

  it('takes the base backups in a container beside the server: its data files read-only and its socket shared', () => {
    const sidecar = present(containers.find((c) => c.name === 'base-backup'), 'the base-backup container');
    expect(sidecar.image).toBe(server.image);
    expect(sidecar.command?.slice(0, 3)).toEqual(['coinmag-pitr', 'base-backups', '--every']);
    const mounts = (c: typeof server) => Object.fromEntries(((c.volumeMounts ?? []) as Array<{ name: string; mountPath: string; readOnly?: boolean }>).map((m) => [m.name, m]));
    for (const volume of ['data', 'socket']) expect(mounts(sidecar)[volume]?.mountPath, volume).toBe(mounts(server)[volume]?.mountPath);
    expect(mounts(sidecar).data?.readOnly).toBe(true);
    const env = resolveContainerEnv(sidecar, objects);
    expect(env.problems).toEqual([]);
    const serverEnv = resolveContainerEnv(server, objects).values;
    for (const name of ['PGDATA', 'POSTGRES_USER', 'POSTGRES_DB', 'WAL_S3_ENDPOINT', 'WAL_S3_ACCESS_KEY', 'WAL_S3_SECRET_KEY', 'WAL_S3_BUCKET', 'WAL_RETENTION_DAYS']) expect(env.values[name], name).toBe(serverEnv[name]);
  });
});
