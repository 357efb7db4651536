// A deployable's real entry point (main.ts through tsx) as a child process, as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its JSON log lines that parse. */
  logLines(): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** The parent's environment without anything that would configure the service under test. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(ADMIN_PASSWORD|JWT_|REDIS_|DATABASE_URL|DB_|PORT|HOST|NODE_ENV|TOKEN_TTL|DATA_DIR|LOG_LEVEL|TRUSTED_PROXY_HOPS|SHUTDOWN_|AUTH_URL|MEDIA_URL|S3_|SEED_DEMO|VIEW_)/.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

/** Starts `entry` (relative to the repository) and waits until `readyPath` answers 200. */
export async function startServiceProcess(entry: string, port: number, env: Record<string, string>, readyPath = '/readyz', timeoutMs = 60_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, entry)], { cwd: ROOT, env: cleanEnv({ PORT: String(port), ...env }) });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${entry} exited with ${exitCode}:\n${output}`);
    const ok = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) }).then((res) => res.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 150));
  }
  return {
    url,
    child,
    output: () => output,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line);
          return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      }),
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
