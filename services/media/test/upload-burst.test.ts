import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createApp } from '../src/app.js';
import { createImageLanes, type WorkQueue } from '../src/images/work-queue.js';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { noisy, solid } from './support/fixtures.js';
import { upload } from './support/service.js';

const keys = createTestKeys();

/** A work queue that remembers how many jobs ever ran at once. */
function observedQueue(inner: WorkQueue) {
  let peak = 0;
  const queue: WorkQueue = {
    get running() {
      return inner.running;
    },
    get waiting() {
      return inner.waiting;
    },
    run: (task) =>
      inner.run(async () => {
        peak = Math.max(peak, inner.running);
        return task();
      }),
  };
  return { queue, peak: () => peak };
}

describe('a burst of large uploads', () => {
  const adapter = diskAdapter();
  let running: RunningServer;
  let base = '';
  const lanes = createImageLanes({ concurrency: 2, queueLimit: 20, onDemandConcurrency: 1, onDemandQueueLimit: 8 });
  const observed = observedQueue(lanes.uploads);

  beforeAll(async () => {
    await adapter.setUp();
    const { app } = createApp({ storage: await adapter.fresh(), log: createLogger('media-test', 'silent'), publicKey: keys.publicKey, lanes: { ...lanes, uploads: observed.queue } });
    running = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${running.port}`;
  });
  afterAll(async () => {
    running.server.closeAllConnections();
    await running.close();
    await adapter.tearDown();
  });

  it('processes at most two at a time and keeps serving images meanwhile', async () => {
    const token = keys.token();
    const small = await (await upload(base, token, await solid(800, 450).jpeg().toBuffer(), 's.jpg', 'image/jpeg')).json();
    const big = await noisy(2000, 1500).jpeg({ quality: 90 }).toBuffer();

    let uploadsDone = 0;
    const burst = Array.from({ length: 10 }, () =>
      upload(base, token, big, 'big.jpg', 'image/jpeg').then((res) => {
        uploadsDone++;
        return res.status;
      }),
    );
    while (observed.queue.waiting === 0 && uploadsDone < 10) await new Promise((r) => setTimeout(r, 10));

    const deliveries: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}${small.url}`, { headers: { accept: i % 2 ? 'image/webp' : 'image/jpeg' } });
      await res.arrayBuffer();
      deliveries.push(res.status);
    }
    // All twenty images were served while the burst was still queued or running.
    expect(uploadsDone).toBeLessThan(10);
    expect(deliveries).toEqual(Array(20).fill(200));

    expect(await Promise.all(burst)).toEqual(Array(10).fill(201));
    expect(observed.peak()).toBe(2);
  }, 180_000);
});
