import type { AdminStats } from '@coinmag/contracts';
import type { ViewCounter } from '@coinmag/views';
import type { StatsRepository } from './stats.repository.js';

/** The dashboard's figures: the database's, with the views not yet flushed to it added. */
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly views: ViewCounter,
  ) {}

  async figures(): Promise<AdminStats> {
    const [figures, pending] = await Promise.all([this.stats.stats(), this.views.pendingTotal()]);
    return { ...figures, totalViews: figures.totalViews + pending };
  }
}
