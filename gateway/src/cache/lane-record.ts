import { requestLogLevel, type ServiceRuntime } from '@coinmag/service-kit';

/** The metrics and the log line the chain's request context records, for an answer sent by an early lane. */
export function recordLaneAnswer({ log, metrics }: ServiceRuntime, method: string, path: string, status: number, started: number, requestId: string): void {
  const seconds = (performance.now() - started) / 1000;
  metrics.observeRequest(method, 'other', status, seconds);
  const level = requestLogLevel(method, path, status);
  if (log.isLevelEnabled(level)) log[level]({ requestId, method, path, status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
}
