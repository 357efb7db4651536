import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, ValidationError, type Logger } from '@coinmag/service-kit';
import type { BodyJob, BodyMessage } from './article-body-worker.js';
import type { ArticleFields } from './article-write.js';
import type { ArticleWrite } from './articles.repository.js';

export interface ArticleBodyPoolOptions {
  /** Worker threads (ARTICLE_BODY_WORKERS). */
  size?: number;
  /** How long one body may take in a worker; past it the worker is replaced and the save refused (ARTICLE_BODY_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Saves that may wait for a free worker; one more gets 503 with Retry-After (ARTICLE_BODY_QUEUE). */
  maxQueue?: number;
  /** Heap of one worker; a body that needs more is refused as too complex. */
  maxHeapMb?: number;
  log?: Logger;
  /** The worker's script; default: next to the bundle (dist/), else the TypeScript source through tsx. */
  workerUrl?: URL;
}

export const ARTICLE_BODY_DEFAULTS = { size: 1, timeoutMs: 10_000, maxQueue: 8, maxHeapMb: 512 } as const;

/** After a worker fails to start, the wait before the next attempt. */
const RESTART_DELAY_MS = 5000;

interface Job {
  id: number;
  fields: ArticleFields;
  resolve(write: ArticleWrite): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Resolves once the worker has loaded its code and takes jobs. */
  ready: Promise<void>;
  isReady: boolean;
  /** Terminated by the pool: its exit is expected. */
  retired: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

function defaultWorkerUrl(): { url: URL; fromSource: boolean } {
  const bundled = new URL('./article-body-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { url: bundled, fromSource: false };
  return { url: new URL('./article-body-worker-tsx.mjs', import.meta.url), fromSource: true };
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

/**
 * Runs the article body pipeline (sanitiser, heading ids and TOC, search text and grams —
 * buildArticleWrite) in worker threads, so that no save holds the event loop that serves
 * readers. Each body gets `timeoutMs` in a worker: past it the worker is terminated (its work
 * stops at once), a fresh one replaces it, and the save gets a 400 naming `content`. At most
 * `maxQueue` saves wait for a busy pool; beyond that, 503 with Retry-After.
 */
export class ArticleBodyPool {
  readonly size: number;
  readonly timeoutMs: number;
  readonly maxQueue: number;
  private readonly maxHeapMb: number;
  private readonly log?: Logger;
  private readonly script: { url: URL; fromSource: boolean };
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Why the last worker failed to start, until one starts. */
  private startFailure?: Error;
  private closed = false;
  private readonly restarts = new Set<NodeJS.Timeout>();

  constructor(options: ArticleBodyPoolOptions = {}) {
    this.size = options.size ?? ARTICLE_BODY_DEFAULTS.size;
    this.timeoutMs = options.timeoutMs ?? ARTICLE_BODY_DEFAULTS.timeoutMs;
    this.maxQueue = options.maxQueue ?? ARTICLE_BODY_DEFAULTS.maxQueue;
    this.maxHeapMb = options.maxHeapMb ?? ARTICLE_BODY_DEFAULTS.maxHeapMb;
    this.log = options.log;
    this.script = options.workerUrl ? { url: options.workerUrl, fromSource: options.workerUrl.pathname.endsWith('.mjs') } : defaultWorkerUrl();
    for (let i = 0; i < this.size; i += 1) this.spawn();
  }

  /** The stored form of an article, built in a worker. */
  toArticleWrite(fields: ArticleFields): Promise<ArticleWrite> {
    if (this.closed) return Promise.reject(new ServiceUnavailableError(API_MESSAGES.serviceUnavailable));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, fields, resolve, reject };
      const idle = this.idleSlot();
      if (idle) this.dispatch(idle, job);
      else if (this.queue.length < this.maxQueue) this.queue.push(job);
      else reject(new ServiceUnavailableError(API_MESSAGES.articleProcessingBusy, Math.ceil(this.timeoutMs / 1000)));
    });
  }

  /** Resolves when every current worker takes jobs; rejects if one failed to start. */
  ready(): Promise<void> {
    return Promise.all(this.slots.map((slot) => slot.ready)).then(() => undefined);
  }

  /** For /readyz: fine while workers run or start; down when none could start. */
  async healthy(): Promise<void> {
    if (this.closed) throw new Error('article body pool closed');
    if (this.slots.length === 0 || this.startFailure) throw this.startFailure ?? new Error('no article body worker');
  }

  /** The threads working now (tests see a timed-out one replaced). */
  workerIds(): number[] {
    return this.slots.map((slot) => slot.worker.threadId);
  }

  /** Refuses what waits, ends every worker. Called after the server has drained. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.restarts) clearTimeout(timer);
    const unavailable = () => new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
    for (const job of this.queue.splice(0)) job.reject(unavailable());
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map((slot) => {
        slot.retired = true;
        clearTimeout(slot.timer);
        slot.job?.reject(unavailable());
        return slot.worker.terminate();
      }),
    );
  }

  private idleSlot(): Slot | undefined {
    return this.slots.find((slot) => slot.isReady && !slot.job);
  }

  private spawn(): void {
    const worker = new Worker(this.script.url, {
      // From sources the bootstrap registers tsx itself; the parent's own flags (tsx, vitest) stay out.
      ...(this.script.fromSource ? { execArgv: [] } : {}),
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    worker.unref();
    let markReady!: () => void;
    let failStart!: (err: Error) => void;
    const slot: Slot = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
      isReady: false,
      retired: false,
    };
    slot.ready.catch(() => {});
    this.slots.push(slot);
    let failure: Error | undefined;
    worker.on('message', (message: BodyMessage) => {
      if ('ready' in message) {
        slot.isReady = true;
        this.startFailure = undefined;
        markReady();
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      if ('error' in message) job.reject(new Error(`article body: ${message.error}`));
      else job.resolve(message.write);
      this.pump();
    });
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => {
      if (slot.retired) return;
      const err = failure ?? new Error(`article body worker exited with code ${code}`);
      failStart(err);
      this.remove(slot);
      if (slot.job) {
        clearTimeout(slot.timer);
        const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        slot.job.reject(outOfMemory ? new ValidationError('content', API_MESSAGES.articleContentTooComplex) : err);
      }
      if (this.closed) return;
      if (slot.isReady) {
        this.log?.error({ err }, 'article body worker stopped; starting another');
        this.spawn();
        return;
      }
      this.startFailure = err;
      this.log?.error({ err, script: this.script.url.href }, 'article body worker failed to start');
      if (!this.slots.some((other) => other.isReady)) {
        for (const job of this.queue.splice(0)) job.reject(new ServiceUnavailableError(API_MESSAGES.serviceUnavailable));
      }
      const restart = setTimeout(() => {
        this.restarts.delete(restart);
        if (!this.closed) this.spawn();
      }, RESTART_DELAY_MS);
      restart.unref();
      this.restarts.add(restart);
    });
  }

  private remove(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => this.timeOut(slot), this.timeoutMs);
    slot.worker.postMessage({ id: job.id, fields: job.fields } satisfies BodyJob);
  }

  /** The worker is stopped mid-work and replaced; its save is refused. */
  private timeOut(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    slot.job = undefined;
    slot.retired = true;
    this.remove(slot);
    void slot.worker.terminate();
    this.log?.warn({ timeoutMs: this.timeoutMs, bytes: Buffer.byteLength(job.fields.content) }, 'article body took too long; worker replaced');
    job.reject(new ValidationError('content', `${API_MESSAGES.articleContentTooSlow}（上限 ${seconds(this.timeoutMs)} 秒）`));
    if (!this.closed) this.spawn();
  }

  private pump(): void {
    for (let slot = this.idleSlot(); slot && this.queue.length > 0; slot = this.idleSlot()) this.dispatch(slot, this.queue.shift()!);
  }
}
