// Running commands for the compose test: output goes to one log file (printed in part on failure),
// and every phase is timed.
import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  input?: string | Buffer;
  /** Keep quiet in the log (e.g. polling). */
  quiet?: boolean;
  /** Write the output straight into the log as it comes (long builds), instead of returning it. */
  stream?: boolean;
}

export class Shell {
  constructor(
    readonly logFile: string,
    private readonly baseEnv: NodeJS.ProcessEnv = process.env,
  ) {}

  run(command: string, args: string[], options: RunOptions = {}): RunResult {
    if (options.stream) return this.streamed(command, args, options);
    const result = spawnSync(command, args, {
      env: options.env ?? this.baseEnv,
      cwd: options.cwd,
      timeout: options.timeoutMs ?? 30 * 60_000,
      input: options.input,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
    const code = result.status ?? (result.error ? 127 : 128);
    const stdout = result.stdout ?? '';
    const stderr = (result.stderr ?? '') + (result.error ? `\n${result.error.message}` : '');
    if (!options.quiet) appendFileSync(this.logFile, `\n$ ${command} ${args.join(' ')}\n${stdout}${stderr}[exit ${code}]\n`);
    return { code, stdout, stderr };
  }

  private streamed(command: string, args: string[], options: RunOptions): RunResult {
    appendFileSync(this.logFile, `\n$ ${command} ${args.join(' ')}\n`);
    const fd = openSync(this.logFile, 'a');
    try {
      const result = spawnSync(command, args, { env: options.env ?? this.baseEnv, cwd: options.cwd, timeout: options.timeoutMs ?? 30 * 60_000, stdio: ['ignore', fd, fd] });
      const code = result.status ?? (result.error ? 127 : 128);
      appendFileSync(this.logFile, `[exit ${code}]\n`);
      return { code, stdout: '', stderr: code === 0 ? '' : this.tail(40) };
    } finally {
      closeSync(fd);
    }
  }

  /** Runs and throws with the end of its output when it fails. */
  must(command: string, args: string[], options: RunOptions = {}): string {
    const result = this.run(command, args, options);
    if (result.code !== 0) {
      const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n');
      throw new Error(`${command} ${args.join(' ')} failed (exit ${result.code}):\n${tail}`);
    }
    return result.stdout;
  }

  tail(lines = 60): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** Runs one phase, prints how long it took, and rethrows its failure. */
export async function phase<T>(timings: Array<[string, number]>, name: string, work: () => T | Promise<T>, label = 'compose'): Promise<T> {
  const started = Date.now();
  process.stdout.write(`${label}: ${name} …\n`);
  try {
    return await work();
  } finally {
    const seconds = (Date.now() - started) / 1000;
    timings.push([name, seconds]);
    process.stdout.write(`${label}: ${name} took ${seconds.toFixed(1)} s\n`);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
