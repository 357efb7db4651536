import type { Logger } from '@coinmag/service-kit';
import type { AuditRepository } from './audit.repository.js';

const HOUR_MS = 3_600_000;

/** Drops audit rows older than `retentionDays`, now and every hour; returns a stop function. */
export function startAuditRetention(audit: AuditRepository, retentionDays: number, log: Logger, everyMs = HOUR_MS): { stop: () => void } {
  const prune = async () => {
    try {
      const removed = await audit.prune(new Date(Date.now() - retentionDays * 86_400_000));
      if (removed > 0) log.info({ removed, retentionDays }, 'old audit entries removed');
    } catch (err) {
      log.error({ err }, 'pruning the audit log failed; will retry');
    }
  };
  void prune();
  const timer = setInterval(() => void prune(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
