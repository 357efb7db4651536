// runService's warm-up: the process says it is ready only once its warm-up has ended, and a
// warm-up that fails does not keep it from serving.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.js';

const fixture = join(import.meta.dirname, 'testing-fixtures', 'warm-up-service.ts');
const children: ChildProcess[] = [];

interface Fixture {
  base: string;
  lines: string[];
  /** Resolves when a log line holding `text` is out (at once when it is already). */
  logged(text: string): Promise<void>;
}

/** Starts the fixture and answers once it logs that it listens (the warm-up then runs). */
async function start(env: Record<string, string> = {}): Promise<Fixture> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const logged = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => lines.some((line) => line.includes(text));
      if (seen()) return resolve();
      const onData = () => {
        if (!seen()) return;
        child.stdout!.off('data', onData);
        resolve();
      };
      // After the collecting listener: the line is in `lines` when this one runs.
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the fixture exited (${code}) before logging "${text}": ${lines.join('\n')}`)));
    });
  await logged('listening');
  return { base: `http://127.0.0.1:${port}`, lines, logged };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('runService warm-up', () => {
  it('is not ready while it warms up (its own request served meanwhile), and ready once the warm-up ends', async () => {
    const { base, lines, logged } = await start();
    await logged('page asked');
    expect(await (await fetch(`${base}/asked`)).json()).toEqual(['starting']);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    await fetch(`${base}/release`);
    // The line is written as the phase changes: once it is out, /readyz says so.
    await logged('warm-up-fixture ready');
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(lines.some((line) => line.includes('warm-up-fixture warmed up'))).toBe(true);
  });

  it('a warm-up that fails is logged and the process serves anyway', async () => {
    const { base, lines, logged } = await start({ WARM_UP_FAILS: '1' });
    await fetch(`${base}/release`);
    await logged('warm-up-fixture ready');
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(lines.some((line) => line.includes('warm-up failed; ready anyway'))).toBe(true);
  });
});
