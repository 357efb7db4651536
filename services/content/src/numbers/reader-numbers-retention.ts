import type { Logger } from '@coinmag/service-kit';
import type { ReaderNumbersService } from './reader-numbers.service.js';

const HOUR_MS = 3_600_000;

/** Drops searches and missing pages older than the retention at start and every hour. */
export function startReaderNumbersRetention(numbers: ReaderNumbersService, retentionDays: number, log: Logger, everyMs = HOUR_MS): { stop: () => void } {
  const prune = async () => {
    try {
      const removed = await numbers.prune(retentionDays);
      if (removed > 0) log.info({ removed, retentionDays }, 'old search and missing-page counts removed');
    } catch (err) {
      log.error({ err }, 'pruning search and missing-page counts failed; will retry');
    }
  };
  void prune();
  const timer = setInterval(() => void prune(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
