import type { Logger } from '@coinmag/service-kit';
import type { ViewCounter } from './view-counter.js';

export interface RunningFlusher {
  /** Stops the timer and writes what is pending one last time. */
  stop(): Promise<void>;
}

/** Writes counted views into Postgres every `intervalMs`, one batch statement per run. */
export function startViewFlusher(views: ViewCounter, log: Logger, intervalMs: number): RunningFlusher {
  let running: Promise<unknown> = Promise.resolve();
  let runs = 0;
  const run = () => {
    running = running
      .then(async () => {
        await views.flush();
        if (++runs % 1000 === 0) await views.pruneFlushLog();
      })
      .catch((err) => log.error({ err: (err as Error).message }, 'view flush failed; the views stay counted and are retried'));
    return running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await run();
    },
  };
}
