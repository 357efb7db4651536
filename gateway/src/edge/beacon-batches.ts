import { randomUUID } from 'node:crypto';
import { VIEW_BEACON_BATCH_MAX, VIEW_BEACONS_PATH, type ViewBeaconAnswer, type ViewBeaconAnswers, type ViewBeaconItem } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';
import type { Dispatcher } from 'undici';
import { readBody } from '../proxy/send.js';
import { classifyFailure, type UpstreamPool } from '../proxy/upstream-pool.js';

/** A batch's answer: a few dozen bytes per beacon. */
const MAX_ANSWER_BYTES = VIEW_BEACON_BATCH_MAX * 1024;

/** The answer could not be read as one answer per beacon (answered as a broken service: 502). */
class BrokenBatchError extends Error {}

export interface BeaconBatchesOptions {
  content: UpstreamPool;
  timeoutMs: number;
  /** FORWARDING_SECRET: the content service believes the beacons' addresses only with it. */
  forwardingSecret?: string;
  /** Batches on their way at once (default: two per replica). */
  maxInFlight?: number;
}

interface Waiting {
  item: ViewBeaconItem;
  done: (answer: ViewBeaconAnswer) => void;
  fail: (err: unknown) => void;
}

/**
 * The view beacons on their way to the content service, sent in batches: a beacon that arrives
 * while `maxInFlight` batches are on their way waits for the next one, which takes every beacon
 * waiting then. One request, one parse and one Redis write carry a batch instead of each beacon:
 * under load the batches grow, and a beacon alone still leaves at once (the turn of the event loop
 * it arrived in). Each beacon gets its own answer, as the content service's single route gives it.
 */
export class BeaconBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;

  constructor(private readonly options: BeaconBatchesOptions) {
    this.maxInFlight = options.maxInFlight ?? 2 * Math.max(1, options.content.origins.length);
  }

  send(item: ViewBeaconItem): Promise<ViewBeaconAnswer> {
    return new Promise((done, fail) => {
      this.waiting.push({ item, done, fail });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    // After the I/O of this turn: the beacons that arrived together leave together.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
        const batch = this.waiting.length <= VIEW_BEACON_BATCH_MAX ? this.waiting : this.waiting.slice(0, VIEW_BEACON_BATCH_MAX);
        this.waiting = batch === this.waiting ? [] : this.waiting.slice(VIEW_BEACON_BATCH_MAX);
        this.inFlight += 1;
        void this.post(batch).finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
      }
    });
  }

  private async post(batch: Waiting[]): Promise<void> {
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': randomUUID() };
      if (this.options.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = this.options.forwardingSecret;
      const body = Buffer.from(JSON.stringify({ beacons: batch.map(({ item }) => item) }));
      const { response, raw } = await this.sendToAReplica(headers, body);
      const parsed = parseJson(raw);
      if (response.statusCode !== 200) {
        // The batch as a whole was refused (the service is unavailable): every beacon gets that answer.
        const retryAfter = response.headers['retry-after'];
        const answer: ViewBeaconAnswer = { status: response.statusCode, body: parsed, ...(typeof retryAfter === 'string' ? { retryAfter } : {}) };
        for (const waiting of batch) waiting.done(answer);
        return;
      }
      const answers = (parsed as Partial<ViewBeaconAnswers> | undefined)?.answers;
      if (!Array.isArray(answers) || answers.length !== batch.length) throw new BrokenBatchError('a batch of beacons answered without one answer each');
      batch.forEach((waiting, index) => waiting.done(answers[index]!));
    } catch (err) {
      for (const waiting of batch) waiting.fail(err);
    }
  }

  /**
   * Sends a batch, again to another replica when one refuses it, cuts it or its answer, leaves it
   * unanswered past the timeout (a replica killed mid-batch: its address may just go silent) or
   * answers 502/503 (one stopping): a beacon sent twice counts once (its page view id, its reader,
   * are taken once), so nothing is lost and nothing doubled. Only the last try's failure is answered (504, 502, 503).
   */
  private async sendToAReplica(headers: Record<string, string>, body: Buffer): Promise<{ response: Dispatcher.ResponseData; raw: Buffer }> {
    const { content, timeoutMs } = this.options;
    let last: { replica?: unknown } | undefined;
    const tried = new Set<unknown>();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const sent = await content.send({ method: 'POST', path: VIEW_BEACONS_PATH, headers, body, timeoutMs }, last, tried);
        last = sent;
        tried.add(sent.replica);
        const raw = await readBody(sent.response.body, MAX_ANSWER_BYTES);
        // A replica that is stopping may refuse the batch as a whole: another may take it.
        if ((sent.response.statusCode === 502 || sent.response.statusCode === 503) && attempt < content.origins.length) continue;
        return { response: sent.response, raw };
      } catch (err) {
        last = (err as { replica?: unknown }).replica ? (err as { replica?: unknown }) : last;
        if (last?.replica) tried.add(last.replica);
        const failure = classifyFailure(err);
        // A slow lone replica is not asked twice; one that cut or refused may have just restarted.
        const tries = failure === 'timeout' ? content.origins.length : Math.max(2, content.origins.length);
        if (attempt >= tries || failure === 'busy') throw err;
      }
    }
  }
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BrokenBatchError('a batch of beacons answered without JSON');
  }
}
