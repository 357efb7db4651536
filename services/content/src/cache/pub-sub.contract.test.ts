import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PubSub } from './pub-sub.js';
import { connected, STORE_ADAPTERS } from './store-adapters.testing.js';

/** Subscribes to `channel`, collecting what arrives; `ready` resolves once the subscription is established. */
function listen(bus: PubSub, channel: string) {
  const received: string[] = [];
  let arrived = () => {};
  let established = () => {};
  const ready = new Promise<void>((resolve) => (established = resolve));
  const stop = bus.subscribe(channel, {
    message: (message) => {
      received.push(message);
      arrived();
    },
    ready: () => established(),
    lost: () => {},
  });
  /** Resolves when `count` messages have arrived. */
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      arrived = () => {
        if (received.length >= count) resolve();
      };
      arrived();
    });
  return { received, ready, stop, until };
}

describe.each(STORE_ADAPTERS)('pub/sub contract (%s)', (_name, make) => {
  const adapter = make();
  const bus: PubSub = adapter;
  beforeAll(() => connected(adapter));
  afterAll(() => adapter.close());

  it('delivers a message to every subscriber of its channel, in order, and none of another channel', async () => {
    const first = listen(bus, 'news');
    const second = listen(bus, 'news');
    const other = listen(bus, 'other');
    await Promise.all([first.ready, second.ready, other.ready]);
    await bus.publish('news', 'one');
    await bus.publish('news', 'two');
    await Promise.all([first.until(2), second.until(2)]);
    expect(first.received).toEqual(['one', 'two']);
    expect(second.received).toEqual(['one', 'two']);
    // Published after, on the other channel: when it arrives, nothing of 'news' came before it.
    await bus.publish('other', 'three');
    await other.until(1);
    expect(other.received).toEqual(['three']);
    [first, second, other].forEach((listener) => listener.stop());
  });

  it('stops delivering once unsubscribed', async () => {
    const gone = listen(bus, 'ch');
    const stays = listen(bus, 'ch');
    await Promise.all([gone.ready, stays.ready]);
    gone.stop();
    await bus.publish('ch', 'after');
    await stays.until(1);
    expect(gone.received).toEqual([]);
    stays.stop();
  });
});
