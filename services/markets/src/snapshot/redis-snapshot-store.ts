import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '@coinmag/service-kit';
import type { ProviderState, Snapshot, SnapshotStore } from './snapshot.js';

const providerName = z.enum(['coingecko', 'max']);
const snapshotSchema = z.object({
  fetchedAt: z.number(),
  quotes: z.array(z.object({ symbol: z.string(), twd: z.number(), usd: z.number(), change24h: z.number(), at: z.number(), provider: providerName })),
});
const stateSchema = z.object({
  name: providerName,
  lastSuccessAt: z.number().optional(),
  lastErrorAt: z.number().optional(),
  lastError: z.string().optional(),
  failures: z.number(),
  nextTryAt: z.number(),
  retryAfterUntil: z.number().optional(),
});

/** The snapshot under `<prefix>snapshot`, the providers' states in the hash `<prefix>providers`. */
export class RedisSnapshotStore implements SnapshotStore {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  async read(): Promise<Snapshot | undefined> {
    const raw = await this.redis.get(`${this.prefix}snapshot`);
    if (!raw) return undefined;
    const parsed = snapshotSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      this.log.error('the stored price snapshot is unreadable; treated as none');
      return undefined;
    }
    return parsed.data;
  }

  async write(snapshot: Snapshot): Promise<void> {
    await this.redis.set(`${this.prefix}snapshot`, JSON.stringify(snapshot));
  }

  async readStates(): Promise<ProviderState[]> {
    const all = await this.redis.hgetall(`${this.prefix}providers`);
    return Object.values(all).flatMap((raw) => {
      const parsed = stateSchema.safeParse(safeJson(raw));
      return parsed.success ? [parsed.data] : [];
    });
  }

  async writeState(state: ProviderState): Promise<void> {
    await this.redis.hset(`${this.prefix}providers`, state.name, JSON.stringify(state));
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
