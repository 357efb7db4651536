import type { Logger } from '@coinmag/service-kit';
import type { ViewCounter } from '@coinmag/views';

const HOUR_MS = 3_600_000;

/** Rolls hourly view buckets older than the retention into Taipei days, at start and every hour. */
export function startViewHoursRollup(views: ViewCounter, retentionDays: number, log: Logger, everyMs = HOUR_MS): { stop: () => void } {
  const rollUp = async () => {
    try {
      const moved = await views.rollUpHours(retentionDays);
      if (moved > 0) log.info({ moved, retentionDays }, 'hourly view buckets rolled into days');
    } catch (err) {
      log.error({ err }, 'rolling hourly view buckets into days failed; will retry');
    }
  };
  void rollUp();
  const timer = setInterval(() => void rollUp(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
