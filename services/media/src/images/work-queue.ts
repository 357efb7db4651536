/** Thrown when a lane is full; the route answers 503 with Retry-After. */
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
 * The two lanes of image work. sharp does its work on libuv's thread pool, which file reads
 * share: bounding the image jobs leaves threads free, so a burst never stalls GET /uploads.
 */
export interface ImageLanes {
  /** The admin's uploads (covers, editor and WordPress images) and the demo covers. */
  uploads: WorkQueue;
  /** What an anonymous request makes on demand (structured-data crops, social cards). */
  onDemand: WorkQueue;
}

export interface LaneLimits {
  /** Image jobs running at once, both lanes together (IMAGE_CONCURRENCY). */
  concurrency: number;
  /** Uploads allowed to wait for a slot (IMAGE_QUEUE_LIMIT). */
  queueLimit: number;
  /** Of those slots, how many on-demand jobs may hold at once (IMAGE_ON_DEMAND_CONCURRENCY). */
  onDemandConcurrency: number;
  /** On-demand jobs allowed to wait (IMAGE_ON_DEMAND_QUEUE_LIMIT). */
  onDemandQueueLimit: number;
}

interface Lane {
  limit: number;
  maxWaiting: number;
  running: number;
  waiting: Array<() => void>;
}

/**
 * One pool of `concurrency` slots shared by two lanes. On-demand work holds at most
 * `onDemandConcurrency` of them and waits in its own bounded line, so however many anonymous
 * requests arrive, an upload finds a slot free or is next for one: a freed slot goes to a
 * waiting upload before any waiting on-demand job, and a full on-demand line never fills the
 * uploads' line.
 */
export function createImageLanes({ concurrency, queueLimit, onDemandConcurrency, onDemandQueueLimit }: LaneLimits): ImageLanes {
  let running = 0;
  const uploads: Lane = { limit: concurrency, maxWaiting: queueLimit, running: 0, waiting: [] };
  const onDemand: Lane = { limit: Math.min(onDemandConcurrency, concurrency), maxWaiting: onDemandQueueLimit, running: 0, waiting: [] };
  const canStart = (lane: Lane) => running < concurrency && lane.running < lane.limit;

  const startWaiting = () => {
    for (const lane of [uploads, onDemand]) {
      while (lane.waiting.length > 0 && canStart(lane)) {
        running++;
        lane.running++;
        lane.waiting.shift()!();
      }
    }
  };

  const queueOf = (lane: Lane): WorkQueue => ({
    get running() {
      return lane.running;
    },
    get waiting() {
      return lane.waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      // Behind waiting uploads even when a slot is free for this lane: they go first.
      if (canStart(lane) && (lane === uploads || uploads.waiting.length === 0) && lane.waiting.length === 0) {
        running++;
        lane.running++;
      } else {
        if (lane.waiting.length >= lane.maxWaiting) throw new QueueFullError();
        await new Promise<void>((resolve) => lane.waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        running--;
        lane.running--;
        startWaiting();
      }
    },
  });

  return { uploads: queueOf(uploads), onDemand: queueOf(onDemand) };
}

/** A single lane of `concurrency` slots with `maxWaiting` places in line. */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  return createImageLanes({ concurrency, queueLimit: maxWaiting, onDemandConcurrency: 0, onDemandQueueLimit: 0 }).uploads;
}
