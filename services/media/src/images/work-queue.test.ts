import { describe, expect, it } from 'vitest';
import { createImageLanes, createWorkQueue, QueueFullError } from './work-queue.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('work queue', () => {
  it('runs no more than its concurrency at once and starts waiting work in order', async () => {
    const queue = createWorkQueue(2, 10);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(1);
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.running).toBe(0);
  });

  it('refuses work beyond the waiting limit and frees its slot after a failure', async () => {
    const queue = createWorkQueue(1, 1);
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});

describe('image lanes', () => {
  it('lets on-demand work hold only its share of the slots, and a full on-demand line never refuses an upload', async () => {
    const { uploads, onDemand } = createImageLanes({ concurrency: 2, queueLimit: 1, onDemandConcurrency: 1, onDemandQueueLimit: 1 });
    const gate = deferred();
    const crops = [onDemand.run(() => gate.promise), onDemand.run(() => gate.promise)];
    await expect(onDemand.run(async () => 'more')).rejects.toBeInstanceOf(QueueFullError);
    expect([onDemand.running, onDemand.waiting]).toEqual([1, 1]);
    // The second slot is the uploads' at once; a third upload waits in their own line.
    const upload = deferred();
    const first = uploads.run(() => upload.promise);
    expect(uploads.running).toBe(1);
    const second = uploads.run(async () => 'second');
    expect(uploads.waiting).toBe(1);
    upload.resolve();
    await first;
    expect(await second).toBe('second');
    gate.resolve();
    await Promise.all(crops);
  });

  it('gives a freed slot to a waiting upload before a waiting on-demand job', async () => {
    const { uploads, onDemand } = createImageLanes({ concurrency: 2, queueLimit: 5, onDemandConcurrency: 2, onDemandQueueLimit: 5 });
    const started: string[] = [];
    const gates = [deferred(), deferred()];
    const holding = gates.map((gate, i) =>
      onDemand.run(async () => {
        started.push(`crop${i}`);
        await gate.promise;
      }),
    );
    const crop = onDemand.run(async () => void started.push('crop2'));
    const upload = uploads.run(async () => void started.push('upload'));
    gates[0]!.resolve();
    await holding[0];
    await upload;
    gates[1]!.resolve();
    await Promise.all([holding[1], crop]);
    // crop2 asked first, yet the upload took the freed slot.
    expect(started).toEqual(['crop0', 'crop1', 'upload', 'crop2']);
  });
});
