import type { ServiceMetrics } from '@coinmag/service-kit';
import type { ViewCounter } from '@coinmag/views';

/** The content service's own figures on /metrics: views waiting to be written, and since when. */
export function registerContentMetrics(metrics: ServiceMetrics, views: ViewCounter): void {
  metrics.gauge('views_pending', 'Views counted and not yet written to Postgres (this process and Redis)', () => views.pendingTotal());
  metrics.gauge('views_held_in_process', 'Views held in this process until their flush commits', () => views.heldHere());
  // The flusher's only signal of success is flush() returning: observed here, so the view
  // counter itself stays free of metrics.
  let lastFlush = Date.now();
  const flush = views.flush.bind(views);
  views.flush = async (...args: Parameters<ViewCounter['flush']>) => {
    const written = await flush(...args);
    lastFlush = Date.now();
    return written;
  };
  metrics.gauge('views_flush_lag_seconds', 'Seconds since the last successful view flush', () => (Date.now() - lastFlush) / 1000);
}
