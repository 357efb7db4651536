// Readers and an admin through the edge while the stack is rolled and tasks are killed: every
// request's outcome is recorded, and any that is not the expected answer is a failure.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sleep } from '../compose/shell.js';

export interface Failure {
  what: string;
  detail: string;
  at: string;
  /** The request id it was sent with (x-request-id), as the gateways and services log it. */
  requestId: string;
  /** ms from sending to the failure. */
  ms: number;
}

/** A client address per reader: 10.<a>.<b>.<c>, passed to the edge as a trusted upstream would. */
export function readerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class Traffic {
  readonly failures: Failure[] = [];
  requests = 0;
  /** Beacons answered `counted: true`, per article slug. */
  readonly counted = new Map<string, number>();
  writes = 0;
  freshReads = 0;
  /** Reads after a write that came from a gateway not yet told of it: ms after the write's 200. */
  readonly undelivered: number[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private nextReader = 1;

  constructor(
    private readonly baseUrl: string,
    private readonly slugs: string[],
    /** The admin's write and the check that every read after its 200 shows it. */
    private readonly writer?: (round: number) => Promise<void>,
  ) {}

  private fail(what: string, detail: string, requestId = '', ms = 0): void {
    this.failures.push({ what, detail: detail.slice(0, 300), at: new Date().toISOString(), requestId, ms });
  }

  /** One request; a network error or an unexpected status is a failure. */
  async request(what: string, path: string, init: RequestInit & { headers: Record<string, string> }, expect: (res: Response, body: string) => void): Promise<void> {
    this.requests += 1;
    const requestId = `swarm-${this.requests}-${randomUUID().slice(0, 8)}`;
    const started = Date.now();
    try {
      const res = await fetch(this.baseUrl + path, { ...init, headers: { ...init.headers, 'x-request-id': requestId }, signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      expect(res, body);
    } catch (error) {
      this.fail(what, error instanceof Error ? `${error.message}${(error as { cause?: Error }).cause ? ` (${(error as { cause?: Error }).cause!.message})` : ''}` : String(error), requestId, Date.now() - started);
    }
  }

  /** One reader, new to the site: the list, an article page, then its view beacon. */
  private async reader(): Promise<void> {
    const n = this.nextReader++;
    const headers = { 'x-forwarded-for': readerAddress(n), 'user-agent': `Mozilla/5.0 (swarm reader ${n})` };
    const slug = this.slugs[n % this.slugs.length]!;
    await this.request('GET /api/articles', '/api/articles?page=1&limit=5', { headers }, (res, body) => {
      assert.equal(res.status, 200, `${res.status} ${body}`);
      assert.ok((JSON.parse(body) as { articles: unknown[] }).articles.length > 0, 'no articles');
    });
    await this.request('GET /article/:slug', `/article/${encodeURIComponent(slug)}`, { headers }, (res, body) => {
      assert.equal(res.status, 200, `${res.status} ${body.slice(0, 200)}`);
      assert.match(body, /<div id="root">/);
    });
    await this.request('POST beacon', `/api/articles/${encodeURIComponent(slug)}/views?pv=${randomUUID()}`, { method: 'POST', headers: { ...headers, 'content-length': '0' } }, (res, body) => {
      assert.equal(res.status, 200, `${res.status} ${body}`);
      assert.equal((JSON.parse(body) as { counted: boolean }).counted, true, `not counted: ${body}`);
      this.counted.set(slug, (this.counted.get(slug) ?? 0) + 1);
    });
  }

  start(readers: number): void {
    this.running = true;
    for (let k = 0; k < readers; k += 1) {
      this.loops.push(
        (async () => {
          while (this.running) await this.reader();
        })(),
      );
    }
    if (this.writer) {
      const writer = this.writer;
      this.loops.push(
        (async () => {
          let round = 0;
          while (this.running) {
            round += 1;
            try {
              await writer(round);
              this.writes += 1;
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              this.fail('admin write then fresh reads', message, /request (swarm-admin-[\w-]+)/.exec(message)?.[1] ?? '');
            }
            await sleep(1500);
          }
        })(),
      );
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  get beacons(): number {
    return [...this.counted.values()].reduce((a, b) => a + b, 0);
  }
}
