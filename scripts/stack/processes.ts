import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
}

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m'];

/** Runs a TypeScript entry point with tsx, prefixing its output with the service name. */
export function runEntry(name: string, entry: string, env: NodeJS.ProcessEnv, quiet = false): ServiceProcess {
  // STACK_NODE_ARGS: extra options for node itself (e.g. --cpu-prof, which NODE_OPTIONS refuses).
  const nodeArgs = (env.STACK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const color = COLORS[name.length % COLORS.length];
  const prefix = `${color}[${name}]\x1b[0m `;
  const relay = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
    if (quiet) return;
    for (const line of chunk.toString().split('\n')) if (line.trim()) target.write(prefix + line + '\n');
  };
  child.stdout?.on('data', relay(process.stdout));
  child.stderr?.on('data', relay(process.stderr));
  return { name, child };
}

/** Runs an entry to completion (migrations, seed); rejects on a non-zero exit. */
export function runToCompletion(name: string, entry: string, env: NodeJS.ProcessEnv, quiet = false): Promise<void> {
  const { child } = runEntry(name, entry, env, quiet);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with code ${code}`))));
  });
}

/** STACK_HEALTHY_TIMEOUT_MS: longer on a machine so loaded that compiling a service on start takes over a minute. */
export async function waitForHealthy(url: string, timeoutMs = Number(process.env.STACK_HEALTHY_TIMEOUT_MS ?? 60_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy: ${lastError}`);
}

export async function stopAll(processes: ServiceProcess[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Fails when a port is taken: a foreign service answering there would be mistaken for ours. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', () => reject(new Error(`port ${port} is already in use; set PORT / SERVICES_BASE_PORT to free ones`)));
      probe.listen(port, '0.0.0.0', () => probe.close(() => resolve()));
    });
  }
}
