import { afterAll, beforeAll } from 'vitest';
import type { AdapterUnderTest } from './adapters.js';
import { startMedia, type RunningMedia } from './service.js';

/**
 * The real app over one adapter's store (working or down) for the enclosing suite: started
 * before its tests, closed and cleaned after them. Read `url` and `media` inside tests.
 */
export function mediaDuringSuite(adapter: AdapterUnderTest, publicKey: string, store: 'fresh' | 'down' = 'fresh'): Pick<RunningMedia, 'url' | 'media'> {
  let running: RunningMedia | undefined;
  beforeAll(async () => {
    await adapter.setUp();
    running = await startMedia(await adapter[store](), publicKey);
  });
  afterAll(async () => {
    await running?.close();
    await adapter.tearDown();
  });
  const started = (): RunningMedia => {
    if (!running) throw new Error('the media service starts before the suite’s tests: read it inside a test');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get media() {
      return started().media;
    },
  };
}
