import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MappingJob, MappingMessage } from './wxr-mapping-worker.js';
import type { PostDraft } from './wxr-mapping.js';

export const WXR_MAPPING_DEFAULTS = { timeoutMs: 10_000, maxHeapMb: 256, idleMs: 30_000 } as const;

/** A post the worker could not map in time or in its memory: the import reports it and goes on. */
export class PostMappingError extends Error {}

interface Job {
  message: MappingJob;
  resolve(post: PostDraft): void;
  reject(err: Error): void;
}

function defaultWorkerUrl(): { url: URL; fromSource: boolean } {
  const bundled = new URL('./wxr-mapping-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { url: bundled, fromSource: false };
  return { url: new URL('./wxr-mapping-worker-tsx.mjs', import.meta.url), fromSource: true };
}

/**
 * Maps WordPress posts in a worker thread (the pattern of ArticleBodyPool, docs/adr/0007): the
 * export's text never runs on the event loop that serves readers, and each post gets `timeoutMs`,
 * past which the worker is terminated (its work stops at once) and the post reported. One thread,
 * started when an import needs it and ended when none has for `idleMs`; posts wait their turn.
 */
export class WxrMappingPool {
  readonly timeoutMs: number;
  private worker?: Worker;
  private ready?: Promise<void>;
  private current?: Job;
  private timer?: NodeJS.Timeout;
  private idle?: NodeJS.Timeout;
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Posts mapped since the start (the import's tests see that a confirmed dry run maps nothing again). */
  mappedCount = 0;
  private readonly script = defaultWorkerUrl();

  constructor(private readonly options: { timeoutMs?: number; maxHeapMb?: number; idleMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? WXR_MAPPING_DEFAULTS.timeoutMs;
  }

  map(item: MappingJob['item'], context: MappingJob['context']): Promise<PostDraft> {
    return new Promise((resolve, reject) => {
      this.queue.push({ message: { id: this.nextId++, item, context }, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.queue.splice(0)) job.reject(new PostMappingError('匯入已停止'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.script.url, {
      ...(this.script.fromSource ? { execArgv: [] } : {}),
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? WXR_MAPPING_DEFAULTS.maxHeapMb },
    });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`WordPress mapping worker exited with code ${code}`)));
      worker.on('message', (message: MappingMessage) => {
        if ('ready' in message) resolve();
        else this.finish(message);
      });
    });
    this.ready.catch(() => {});
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // Out of memory or crashed: the post it held is reported; the next starts a fresh worker.
      this.fail(new PostMappingError(`內文過於複雜，無法轉換（工作執行緒結束，代碼 ${code}）`));
    });
    return worker;
  }

  private pump(): void {
    if (this.current || !this.queue.length) return;
    clearTimeout(this.idle);
    const job = (this.current = this.queue.shift()!);
    const worker = this.worker ?? this.start();
    this.ready!.then(
      () => {
        if (this.current !== job || this.worker !== worker) return;
        this.timer = setTimeout(() => this.timeOut(worker), this.timeoutMs);
        worker.postMessage(job.message);
      },
      (err: Error) => {
        if (this.worker === worker) this.worker = undefined;
        this.fail(err);
      },
    );
  }

  private finish(message: Exclude<MappingMessage, { ready: true }>): void {
    const job = this.current;
    if (!job || job.message.id !== message.id) return;
    clearTimeout(this.timer);
    this.current = undefined;
    if ('error' in message) job.reject(new PostMappingError(message.error));
    else {
      this.mappedCount += 1;
      job.resolve(message.post);
    }
    this.afterJob();
  }

  private fail(err: Error): void {
    clearTimeout(this.timer);
    const job = this.current;
    this.current = undefined;
    job?.reject(err);
    this.afterJob();
  }

  private timeOut(worker: Worker): void {
    this.worker = undefined;
    void worker.terminate();
    this.fail(new PostMappingError(`內文過於複雜，無法在 ${this.timeoutMs / 1000} 秒內轉換`));
  }

  private afterJob(): void {
    if (this.queue.length) {
      this.pump();
      return;
    }
    const worker = this.worker;
    if (!worker) return;
    this.idle = setTimeout(() => {
      if (this.worker === worker && !this.current) {
        this.worker = undefined;
        void worker.terminate();
      }
    }, this.options.idleMs ?? WXR_MAPPING_DEFAULTS.idleMs);
    this.idle.unref();
  }
}
