import { randomUUID } from 'node:crypto';
import { VIEW_BATCHES_MAX, VIEW_BATCHES_PATH, type ViewBatchesHandOver } from '@coinmag/contracts';
import { ARTICLE_STAMP_KEYS, FORWARDING_SECRET_HEADER, popularDay, SHOWN_TTL_MS, VIEW_BATCH_REGISTRY, viewBatchName, type AdmissionCheck, type BeaconScript, type Logger } from '@coinmag/service-kit';
import { readBody } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import type { CountedArticle } from './beacon-articles.js';

interface Batch {
  name: string;
  counts: Map<number, number>;
  /** Script calls still on their way; a closed batch is handed over once they are settled. */
  inflight: number;
  settled: Array<() => void>;
}

/** What became of a beacon: the script's outcome, `unsent` (Redis surely did nothing), `uncertain` (sent, unanswered: held here). */
export type TallyOutcome =
  | { decision: 'stale' }
  | { decision: 'pass' | 'replay' | 'repeat' | 'limited'; count: number }
  | { decision: 'unsent' }
  | { decision: 'uncertain' };

/** ioredis refuses a command it could not send (closed stream, offline queue disabled). */
function isNotSent(err: unknown): boolean {
  return /enableOfflineQueue|Stream isn't writeable|Connection is closed|ECONNREFUSED/i.test((err as Error).message ?? '');
}

export interface BeaconTallyOptions {
  script: BeaconScript;
  content: UpstreamPool;
  timeoutMs: number;
  forwardingSecret?: string;
  log: Logger;
  /** Told after views were applied: Postgres's figures read before are behind. */
  handedOver?: () => void;
}

/**
 * The views this gateway counted, held twice until Postgres has them, as the content service holds
 * its own (docs/adr/0003): in Redis (the beacon script's HINCRBY on a batch hash listed in the
 * registry) and here (the batch's counts). Each flush interval the batch is closed and handed to
 * the content service, which applies it as it applies its own ("the largest figure wins" per batch
 * and article) and drops Redis's copy. So a view survives the death of Redis (this copy is handed
 * over) and of this gateway (a content process finds the batch in Redis and applies it), and a
 * batch handed twice, or to two replicas, or also found in Redis, adds each view once. A hand-over
 * that fails (cut, refused, unanswered) goes to another replica at once, and is tried again at the
 * next interval until it lands.
 */
export class BeaconTally {
  private readonly owner = randomUUID();
  private sequence = 0;
  private current: Batch;
  /** Closed batches not yet applied, oldest first. */
  private closed: Batch[] = [];
  private handing: Promise<boolean> | undefined;

  constructor(private readonly options: BeaconTallyOptions) {
    this.current = this.open();
  }

  private open(): Batch {
    this.sequence += 1;
    return { name: viewBatchName(Date.now(), this.owner, this.sequence), counts: new Map(), inflight: 0, settled: [] };
  }

  /** Admits, counts and ranks a beacon in Redis in one script call; holds a counted view here too. */
  async record(article: CountedArticle, admission: AdmissionCheck, now: number): Promise<TallyOutcome> {
    const batch = this.current;
    const field = String(article.id);
    batch.inflight += 1;
    try {
      const outcome = await this.options.script.run({
        stamp: { keys: ARTICLE_STAMP_KEYS, expected: article.stamp },
        admission,
        count: { registry: VIEW_BATCH_REGISTRY, batch: batch.name, field },
        ranking: popularDay(now),
        shown: { key: `views:shown:${field}`, base: article.base, ttlMs: SHOWN_TTL_MS },
      });
      if (outcome.decision === 'stale') return { decision: 'stale' };
      if (outcome.decision === 'pass') batch.counts.set(article.id, (batch.counts.get(article.id) ?? 0) + 1);
      return outcome;
    } catch (err) {
      if (isNotSent(err)) return { decision: 'unsent' };
      // Sent but unanswered: Redis may have counted it; so does this batch, whose figure is the truth.
      batch.counts.set(article.id, (batch.counts.get(article.id) ?? 0) + 1);
      return { decision: 'uncertain' };
    } finally {
      batch.inflight -= 1;
      if (batch.inflight === 0) for (const resolve of batch.settled.splice(0)) resolve();
    }
  }

  /** Views counted here and not yet applied (what a shutdown must hand over). */
  heldHere(): number {
    let held = 0;
    for (const batch of [...this.closed, this.current]) for (const count of batch.counts.values()) held += count;
    return held;
  }

  /** Closes the current batch and hands every closed one over; true when nothing is left held. One at a time. */
  handOver(): Promise<boolean> {
    this.handing ??= this.handOverNow().finally(() => (this.handing = undefined));
    return this.handing;
  }

  private async handOverNow(): Promise<boolean> {
    const batch = this.current;
    this.current = this.open();
    if (batch.inflight > 0) await new Promise<void>((resolve) => batch.settled.push(resolve));
    // A batch that counted nothing here has nothing in Redis either (the script writes only a counted view).
    if (batch.counts.size > 0) this.closed.push(batch);
    if (this.closed.length === 0) return true;
    const handed = this.closed.slice(0, VIEW_BATCHES_MAX);
    const body: ViewBatchesHandOver = { batches: handed.map(({ name, counts }) => ({ name, counts: Object.fromEntries(counts) })) };
    if (!(await this.send(Buffer.from(JSON.stringify(body))))) return false;
    this.closed = this.closed.slice(handed.length);
    this.options.handedOver?.();
    return this.closed.length === 0;
  }

  /** Sends a hand-over, to each replica in turn until one applies it (applying it twice adds nothing). */
  private async send(body: Buffer): Promise<boolean> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': randomUUID() };
    if (this.options.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = this.options.forwardingSecret;
    let last: { replica?: unknown } | undefined;
    const tried = new Set<unknown>();
    for (let attempt = 0; attempt < Math.max(2, this.options.content.origins.length); attempt += 1) {
      try {
        const sent = await this.options.content.send({ method: 'POST', path: VIEW_BATCHES_PATH, headers, body, timeoutMs: this.options.timeoutMs }, last, tried);
        last = sent;
        tried.add(sent.replica);
        const answer = await readBody(sent.response.body, 4096);
        if (sent.response.statusCode === 200) return true;
        this.options.log.warn({ status: sent.response.statusCode, answer: answer.toString('utf8').slice(0, 200) }, 'counted views not handed over; tried again');
      } catch (err) {
        last = err as { replica?: unknown };
        if (last.replica) tried.add(last.replica);
        this.options.log.warn({ err: (err as Error).message }, 'counted views not handed over; tried again');
      }
    }
    return false;
  }
}
