import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@coinmag/service-kit/testing';

export interface PersistentRedis {
  url: string;
  /** SIGKILL: no chance to save anything more than the append-only file already holds. */
  kill(): Promise<void>;
  /** The same port and data directory: Redis comes back with its data, as compose and Kubernetes run it. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    probe.stdout?.on('data', (chunk) => (out += chunk));
    probe.on('exit', () => resolve(out.includes('PONG')));
  });
}

/** A private redis-server with an append-only file (fsync on every write) in a temporary directory. */
export async function startPersistentRedis(): Promise<PersistentRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'coinmag-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    restart: start,
    async destroy() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
