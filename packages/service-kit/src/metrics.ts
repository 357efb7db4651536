import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Middleware } from 'koa';
import type { ServiceHealth } from './service-health.js';

/**
 * One Prometheus registry per process (per app in tests). Modules register their own
 * gauges on `registry` (e.g. `new Gauge({ name, help, registers: [metrics.registry], collect })`).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route'>;
  /** Response-cache lookups: `cacheLookups.inc({ cache: 'responses', result: 'hit' })`. */
  readonly cacheLookups: Counter<'cache' | 'result'>;

  constructor(service: string, health?: ServiceHealth) {
    this.registry.setDefaultLabels({ service });
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.cacheLookups = new Counter({ name: 'cache_lookups_total', help: 'Cache lookups by cache and result (hit, miss)', labelNames: ['cache', 'result'], registers });
    if (health) {
      new Gauge({
        name: 'dependency_up',
        help: '1 when the dependency answered its last check, 0 when not',
        labelNames: ['dependency'],
        registers,
        collect() {
          for (const [dependency, up] of health.dependencies()) this.set({ dependency }, up ? 1 : 0);
        },
      });
    }
  }

  /**
   * A gauge read at each scrape, e.g. `metrics.gauge('views_pending', '…', () => views.pendingTotal())`.
   * A read that fails (a dependency is down) leaves the last value.
   */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        try {
          this.set(await read());
        } catch {
          // the dependency behind it is down; dependency_up says so
        }
      },
    });
  }

  /** Process metrics: CPU, memory, event-loop lag (`nodejs_eventloop_lag_*`), GC. Once per process. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  /** Per method, route and status: the counter and histogram series a request is counted in. */
  readonly #series = new Map<string, { count: () => void; time: (seconds: number) => void }>();

  /**
   * Counts and times one answered request (`route`: its pattern, never the raw path, or "other":
   * bounded labels). The series are looked up once each, not hashed from labels on every request.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      const counter = this.requests.labels(method, route, String(status));
      const histogram = this.duration.labels(method, route);
      series = { count: () => counter.inc(), time: (value) => histogram.observe(value) };
      this.#series.set(key, series);
    }
    series.time(seconds);
    series.count();
  }

  /** GET /metrics in the Prometheus text format. */
  route(): Middleware {
    return async (ctx, next) => {
      if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
      ctx.set('Content-Type', this.registry.contentType);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await this.registry.metrics();
    };
  }
}
