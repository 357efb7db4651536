// Child processes for the start-up check: the built entry points, an S3 server, free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Runs `command` in `cwd` with exactly `env` (plus PATH and HOME), keeping its output for failure messages. */
export function startProcess(name: string, command: string[], cwd: string, env: Record<string, string>): RunningProcess {
  const [program, ...args] = command;
  if (!program) throw new Error(`${name}: empty command`);
  const child = spawn(program, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function runToCompletion(name: string, command: string[], cwd: string, env: Record<string, string>, timeoutMs = 120_000): Promise<{ code: number | null; output: string }> {
  const running = startProcess(name, command, cwd, env);
  const timer = setTimeout(() => running.child.kill('SIGKILL'), timeoutMs);
  const code = await running.exited;
  clearTimeout(timer);
  return { code, output: running.output() };
}

/** Polls `url` until it answers 200; fails early when the process exits. */
export async function waitForOk(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void running.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${running.name} exited with ${exitCode} before ${url} answered:\n${running.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface LocalS3 {
  endpoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** An s3rver on a free port with an empty store, as a fresh MinIO volume would be. */
export async function startLocalS3(): Promise<LocalS3> {
  const require = createRequire(import.meta.url);
  // s3rver ships no type declarations; this is the part of its API used here.
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<unknown>; close(): Promise<void> };
  // A PUT answered once its object is written, as S3 and MinIO do.
  require('../../compose/standins/s3rver-whole-writes.cjs');
  const directory = mkdtempSync(join(tmpdir(), 'coinmag-deploy-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
