/** Thrown when the queue is full; the route answers 503 so the admin retries later. */
export class QueueFullError extends Error {
  constructor() {
    super('image work queue full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Runs at most `concurrency` tasks at once and lets at most `maxWaiting` wait. sharp does its
 * work on libuv's thread pool, which file reads share: bounding the image jobs leaves threads
 * free, so a burst of big uploads never stalls GET /uploads.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new QueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
