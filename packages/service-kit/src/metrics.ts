import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { Middleware } from 'koa';
import type { ServiceHealth } from './service-health.js';

/**
 * One Prometheus registry per process (per app in tests). Modules register their own
 * gauges on `registry` (e.g. `new Gauge({ name, help, registers: [metrics.registry], collect })`).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  /** Requests answered, by method, route pattern and status (`get()` as a prom-client metric's). */
  readonly requests: RequestCounts;
  readonly duration: RequestDurations;
  /** Response-cache lookups: `cacheLookups.inc({ cache: 'responses', result: 'hit' })`. */
  readonly cacheLookups: Counter<'cache' | 'result'>;

  constructor(service: string, health?: ServiceHealth) {
    this.registry.setDefaultLabels({ service });
    const registers = [this.registry];
    this.requests = new RequestCounts(this.#series);
    this.duration = new RequestDurations(this.#durations);
    this.registry.registerMetric(this.requests as unknown as Metric);
    this.registry.registerMetric(this.duration as unknown as Metric);
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

  /** Per route, status and method: the series a request is counted in. */
  readonly #series = new Map<string, Map<number, Map<string, CountSeries>>>();
  /** Per route and method: the durations. */
  readonly #durations = new Map<string, DurationSeries>();

  /**
   * Counts and times one answered request (`route`: its pattern, never the raw path, or "other":
   * bounded labels). Plain numbers per series, found by nested lookups: prom-client's own
   * counters hash their labels on every call, a measurable share of a cached answer's cost; the
   * registry reads these at each scrape instead.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.#series.get(route);
    if (!byStatus) this.#series.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (!series) {
      const key = `${method} ${route}`;
      let durations = this.#durations.get(key);
      if (!durations) this.#durations.set(key, (durations = { labels: { method, route }, buckets: new Float64Array(DURATION_BUCKETS.length), count: 0, sum: 0 }));
      byMethod.set(method, (series = { labels: { method, route, status: String(status) }, value: 0, durations }));
    }
    series.value += 1;
    const durations = series.durations;
    durations.count += 1;
    durations.sum += seconds;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        durations.buckets[i]! += 1;
        break;
      }
    }
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

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the registry reads of a metric at each scrape (prom-client's shape). */
export interface MetricReading {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: Array<{ labels: Record<string, string | number>; sharedLabels?: Record<string, string>; value: number; metricName?: string }>;
}

interface DurationSeries {
  labels: { method: string; route: string };
  /** Per bucket, the answers that fell in it alone (not yet cumulative). */
  buckets: Float64Array;
  count: number;
  sum: number;
}

interface CountSeries {
  labels: { method: string; route: string; status: string };
  value: number;
  durations: DurationSeries;
}

/** `http_requests_total` as the registry reads a metric: its values built at each scrape. */
export class RequestCounts {
  readonly name = 'http_requests_total';
  readonly help = 'Requests answered, by route pattern and status';
  readonly type = 'counter';
  readonly aggregator = 'sum';

  constructor(private readonly series: Map<string, Map<number, Map<string, CountSeries>>>) {}

  async get(): Promise<MetricReading> {
    const values: MetricReading['values'] = [];
    for (const byStatus of this.series.values()) for (const byMethod of byStatus.values()) for (const { labels, value } of byMethod.values()) values.push({ labels: { ...labels }, value });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

/** `http_request_duration_seconds`, a histogram by method and route pattern, read at each scrape. */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time to answer, by route pattern';
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(private readonly series: Map<string, DurationSeries>) {}

  async get(): Promise<MetricReading> {
    const values: MetricReading['values'] = [];
    for (const { labels, buckets, count, sum } of this.series.values()) {
      let below = 0;
      DURATION_BUCKETS.forEach((le, at) => {
        below += buckets[at]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le }, sharedLabels: labels, value: below });
      });
      // As prom-client writes a histogram: the bound first, then the series' labels.
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf' }, sharedLabels: labels, value: count });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
