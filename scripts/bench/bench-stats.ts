// What the benches share to run a load generator and report it: a child process's JSON result,
// the CPU each measured process used per 1,000 answers, and "median (min–max)" of the runs.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { cpuMsOf } from './cpu-time.js';

/** A child process that prints one JSON result (the load generators): no event loop shared with what it measures. */
export function childResult<T>(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out) as T) : fail(new Error(`${script} exited ${code}`))));
  });
}

export type Pids = Record<string, number | undefined>;
/** CPU ms each measured process used while `work` ran, per 1,000 of the answers it reports. */
export async function withCpu<T>(pids: Pids, work: () => Promise<T>, answers: (result: T) => number): Promise<{ result: T; cpuPer1000: Record<string, number | undefined> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? undefined : cpuMsOf(pid)]));
  const result = await work();
  const count = answers(result);
  const cpuPer1000 = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => {
      const after = pid === undefined ? undefined : cpuMsOf(pid);
      const from = before[name];
      return [name, after === undefined || from === undefined || count === 0 ? undefined : ((after - from) / count) * 1000];
    }),
  );
  return { result, cpuPer1000 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "median (min–max)" of the runs. */
export function spread(values: Array<number | undefined>, digits = 0): string {
  const known = values.filter((value): value is number => value !== undefined);
  if (known.length === 0) return 'n/a';
  const lo = Math.min(...known).toFixed(digits);
  const hi = Math.max(...known).toFixed(digits);
  return lo === hi ? median(known).toFixed(digits) : `${median(known).toFixed(digits)} (${lo}–${hi})`;
}
