/** A request that waited its whole deadline for a free service connection. */
export class UpstreamBusyError extends Error {
  readonly code = 'UPSTREAM_BUSY';
  constructor() {
    super('no free connection to the service in time');
  }
}

/**
 * The connections to one service replica as slots: a request takes one before it is sent and
 * gives it back when its answer is read (or fails). When all are taken it waits in line, at
 * most `waitMs`; then UpstreamBusyError (503 with Retry-After), never an unbounded queue.
 */
export class ConnectionSlots {
  private taken = 0;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(
    private readonly capacity: number,
    private readonly waitMs: number,
  ) {}

  get inUse(): number {
    return this.taken;
  }

  /** Resolves with the function that gives the slot back (call it once). */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.taken < this.capacity) {
      this.taken += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      const leave = (error: Error) => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const timer = setTimeout(() => leave(new UpstreamBusyError()), this.waitMs);
      const onAbort = () => {
        clearTimeout(timer);
        leave(Object.assign(new Error('request aborted'), { name: 'AbortError', code: 'UND_ERR_ABORTED' }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; the count changes only when none waits.
      if (next) next.grant();
      else this.taken -= 1;
    };
  }
}
