import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@coinmag/service-kit/testing';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** A redis-server of the test's own (the machine's binary), so a test can stop it without touching others. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 5000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      probe.stdout?.on('data', (chunk) => (out += chunk));
      probe.on('exit', () => resolve(out.includes('PONG')));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
