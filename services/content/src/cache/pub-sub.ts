/** Messages to every replica: the cache's invalidations reach every process through it. */
export interface PubSub {
  /** Sends `message` to every subscriber of `channel` (this site's channels only: the prefix applies). */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Listens on `channel` on a connection of its own. `ready` is called each time the subscription
   * is (re)established, `lost` each time it drops: messages sent in between were missed.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): () => void;
}

export interface SubscriptionHandlers {
  message(message: string): void;
  ready(): void;
  lost(): void;
}
