import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '@coinmag/service-kit/testing';

const MAIN = resolve(import.meta.dirname, '../../src/main.ts');

/** The real deployable (main.ts) in its own process, to be killed like a crashed replica. */
export interface SenderProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

/** `nodeArgs`: before the script (the bench's `--cpu-prof`). */
export async function startSenderProcess(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<SenderProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return { child, exited, output };
}
