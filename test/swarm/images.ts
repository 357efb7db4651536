// The stack's images: third-party ones pulled or built as stand-ins (test/compose/third-party.ts),
// and the project's deployables built from the Dockerfile under one tag, so a rolling update
// is a second tag of the same build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Engine } from '../compose/engine.js';
import type { Shell } from '../compose/shell.js';
import { externalBases, ThirdPartyImages } from '../compose/third-party.js';

/** The deployables: the Dockerfile's APP and PORT arguments, by image name. */
export const DEPLOYABLES = {
  'coinmag/gateway': { app: 'gateway', port: '8080' },
  'coinmag/auth': { app: 'services/auth', port: '4001' },
  'coinmag/content': { app: 'services/content', port: '4002' },
  'coinmag/media': { app: 'services/media', port: '4003' },
  'coinmag/markets': { app: 'services/markets', port: '4004' },
  'coinmag/newsletter': { app: 'services/newsletter', port: '4005' },
} as const;

/** Images the stack file names that the project does not build, and the Dockerfile's bases. */
export function stackThirdParty(root: string, stackFile: string): string[] {
  const stack = parse(readFileSync(stackFile, 'utf8')) as { services: Record<string, { image: string }> };
  const images = new Set(Object.values(stack.services).map((s) => s.image).filter((image) => !image.startsWith('coinmag/')));
  for (const dockerfile of ['Dockerfile', POSTGRES_DOCKERFILE, 'deploy/backup/Dockerfile']) for (const image of externalBases(readFileSync(join(root, dockerfile), 'utf8'))) images.add(image);
  return [...images].sort();
}

const POSTGRES_DOCKERFILE = 'deploy/postgres/Dockerfile';

/** The stack's Postgres (the official image plus the WAL archiving tools) under the tag the stack file names by default. */
export function buildPostgres(engine: Engine, shell: Shell, root: string, stackFile: string): void {
  const stack = parse(readFileSync(stackFile, 'utf8')) as { services: Record<string, { image: string }> };
  const image = stack.services.postgres!.image.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, '$1');
  shell.must(engine.docker, ['build', '-q', '-f', join(root, POSTGRES_DOCKERFILE), '-t', image, root], { env: engine.env, timeoutMs: 30 * 60_000, stream: true });
}

export function prepareThirdParty(engine: Engine, shell: Shell, root: string, stackFile: string): string[] {
  return new ThirdPartyImages(engine, shell, root).prepare(stackThirdParty(root, stackFile)).map((r) => `${r.image}: ${r.source}`);
}

/** Builds the deployables as coinmag/<name>:<tag>. */
export function buildDeployables(engine: Engine, shell: Shell, root: string, tag: string): void {
  for (const [image, { app, port }] of Object.entries(DEPLOYABLES)) {
    const args = ['build', '-q', '--build-arg', `APP=${app}`, '--build-arg', `PORT=${port}`, '-t', `${image}:${tag}`];
    shell.must(engine.docker, [...args, root], { env: engine.env, timeoutMs: 60 * 60_000, stream: true });
  }
}

/** A new release of each deployable (but `except`): the `from` image under `tag` with its own image id (a label). */
export function releaseAs(engine: Engine, shell: Shell, from: string, tag: string, release: string, except: string[] = []): void {
  for (const image of Object.keys(DEPLOYABLES)) {
    if (except.includes(image)) continue;
    const dockerfile = `FROM ${image}:${from}\nLABEL org.coinmag.release=${release}\n`;
    shell.must(engine.docker, ['build', '-q', '-t', `${image}:${tag}`, '-'], { env: engine.env, input: dockerfile, timeoutMs: 10 * 60_000 });
  }
}
