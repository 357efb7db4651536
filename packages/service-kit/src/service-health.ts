import type { Logger } from './logger.js';

/** starting: listening, not yet migrated; serving: ready for traffic; draining: SIGTERM received. */
export type Phase = 'starting' | 'serving' | 'draining';
export type DependencyProbe = () => Promise<unknown>;

const PROBE_TIMEOUT_MS = 1000;

/**
 * What /readyz and the metrics report: the process's phase, and each dependency's state.
 * A dependency's state never decides readiness (a service with Postgres down still serves
 * from its cache); it is reported, and every change is logged once.
 */
export class ServiceHealth {
  phase: Phase;
  private readonly probes = new Map<string, DependencyProbe>();
  private readonly states = new Map<string, boolean>();
  private monitor?: NodeJS.Timeout;

  constructor(
    private readonly log?: Logger,
    phase: Phase = 'serving',
  ) {
    this.phase = phase;
  }

  /** A dependency checked by /readyz, the metrics and the monitor. */
  addDependency(name: string, probe: DependencyProbe): void {
    this.probes.set(name, probe);
  }

  /** Records a dependency's state (from a probe or a client's events); logs only changes. */
  report(name: string, up: boolean, reason?: string): void {
    const before = this.states.get(name);
    this.states.set(name, up);
    if (before === up) return;
    if (!up) this.log?.error({ dependency: name, reason }, `${name} unreachable`);
    else if (before === false) this.log?.info({ dependency: name }, `${name} reachable again`);
  }

  dependencies(): ReadonlyMap<string, boolean> {
    return this.states;
  }

  /** Probes every dependency (each bounded to a second) and records the answers. */
  async check(): Promise<Record<string, 'ok' | 'down'>> {
    const results = await Promise.all(
      [...this.probes].map(async ([name, probe]) => {
        try {
          await withTimeout(probe(), PROBE_TIMEOUT_MS);
          this.report(name, true);
          return [name, 'ok'] as const;
        } catch (err) {
          this.report(name, false, (err as Error)?.message);
          return [name, 'down'] as const;
        }
      }),
    );
    return Object.fromEntries(results);
  }

  /** Probes every `intervalMs` so an outage and its end are logged even when nothing asks. */
  startMonitor(intervalMs = 5000): void {
    this.stopMonitor();
    void this.check();
    this.monitor = setInterval(() => void this.check(), intervalMs);
    this.monitor.unref();
  }

  stopMonitor(): void {
    if (this.monitor) clearInterval(this.monitor);
    this.monitor = undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
