// Issue 13, Metrics: each service's /metrics in the Prometheus format — requests by route
// pattern and status, latency histogram, cache hits and misses, views waiting, dependencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { startApp } from '@coinmag/service-kit/testing';
import { createGatewayApp } from '../../gateway/src/app.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

/** The value of one sample line, e.g. sample(text, 'cache_lookups_total', { result: 'hit' }). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) || row.startsWith(`${name} `) ? Object.entries(labels).every(([k, v]) => row.includes(`${k}="${v}"`)) : false);
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { title: '指標', slug: 'metrics-article' });
  });
  afterAll(() => api?.close());

  it('counts requests by route pattern (never the raw path), times them, and counts cache hits and misses', async () => {
    for (let i = 0; i < 3; i += 1) expect((await api.get('/api/articles/metrics-article')).status).toBe(200);
    expect((await api.get('/api/articles/no-such-article')).status).toBe(404);
    const res = await fetch(`${api.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();

    expect(sample(text, 'http_requests_total', { route: '/api/articles/:slug', status: '200', method: 'GET' })).toBe(3);
    expect(sample(text, 'http_requests_total', { route: '/api/articles/:slug', status: '404' })).toBe(1);
    expect(text).not.toContain('metrics-article');
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/articles/:slug' })).toBe(4);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
    expect(sample(text, 'cache_lookups_total', { cache: 'responses', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cache_lookups_total', { cache: 'responses', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'views_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'views_flush_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/service="content"/);
  });

  it('reports each dependency up or down after a readiness check', async () => {
    await api.get('/readyz');
    const text = await (await fetch(`${api.url}/metrics`)).text();
    expect(sample(text, 'dependency_up', { dependency: 'postgres' })).toBe(1);
    expect(sample(text, 'dependency_up', { dependency: 'redis' })).toBe(1);
  });

  it('is not served by the gateway, at the edge', async () => {
    const gateway = await startApp(
      createGatewayApp({
        config: { CONTENT_URL: api.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000 },
        log: createLogger('gateway-test', 'silent'),
      }),
    );
    try {
      const text = await (await gateway.fetch('/metrics')).text();
      expect(text).not.toContain('http_requests_total');
    } finally {
      await gateway.close();
    }
  });
});
