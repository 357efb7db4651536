/** What every store role shares: which backend it is, its health, its connection's life. */
export interface StoreConnection {
  readonly kind: 'redis' | 'memory';
  /** Two stores with the same keyspace see the same keys (one Redis and prefix, or one in-process store). */
  readonly keyspace: string;
  /** A Redis store's key prefix (another process counting in the same Redis must use it too). */
  readonly keyPrefix?: string;
  ping(): Promise<void>;
  /** Called when the connection drops: what this process wrote meanwhile may not have reached the store. */
  onConnectionLost(listener: () => void): void;
  close(): Promise<void>;
}
