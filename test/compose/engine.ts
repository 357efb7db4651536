// Which Docker CLI and which Compose to drive: a CLI that builds with BuildKit (the Dockerfile's
// cache mounts need it: buildx, or a pre-23 CLI with DOCKER_BUILDKIT=1), and `docker compose`
// (v2 plugin) or else `docker-compose` (v1, which hands builds to that CLI).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface Engine {
  docker: string;
  compose: string[];
  env: NodeJS.ProcessEnv;
  describe: string;
}

const quiet = (command: string, args: string[], env = process.env) => {
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: 30_000 });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim() };
};

function candidates(): string[] {
  const onPath = (process.env.PATH ?? '').split(':').filter(Boolean).map((dir) => join(dir, 'docker'));
  return [...new Set([...onPath, '/usr/bin/docker', '/usr/local/bin/docker'])].filter((path) => existsSync(path));
}

function buildsWithBuildKit(docker: string): boolean {
  if (quiet(docker, ['buildx', 'version']).ok) return true;
  const version = quiet(docker, ['version', '--format', '{{.Client.Version}}']).out;
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? 0);
  return major > 0 && major < 23;
}

export function findEngine(): Engine {
  const servers = new Map<string, string>();
  for (const docker of candidates()) {
    const info = quiet(docker, ['version', '--format', '{{.Server.Version}}']);
    if (info.ok && info.out) servers.set(docker, info.out);
  }
  const reachable = [...servers.keys()];
  if (reachable.length === 0) throw new Error('no Docker engine answers (start dockerd, or run test/compose/ensure-engine.sh as root)');
  const docker = reachable.find(buildsWithBuildKit);
  if (!docker) throw new Error(`no Docker CLI here builds with BuildKit (tried ${reachable.join(', ')}): install buildx or Debian's docker.io`);
  // The chosen CLI first on PATH, so `docker-compose` hands its builds to it.
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(docker)}:${process.env.PATH ?? ''}`, DOCKER_BUILDKIT: '1', COMPOSE_DOCKER_CLI_BUILD: '1' };
  let compose: string[] | undefined;
  let version = quiet(docker, ['compose', 'version', '--short'], env);
  if (version.ok) compose = [docker, 'compose'];
  else if ((version = quiet('docker-compose', ['version', '--short'], env)).ok) compose = ['docker-compose'];
  if (!compose) throw new Error('neither `docker compose` nor `docker-compose` is installed');
  return { docker, compose, env, describe: `engine ${servers.get(docker)}, CLI ${docker}, compose ${compose.join(' ')} ${version.out}` };
}
