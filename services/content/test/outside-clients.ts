import { Worker } from 'node:worker_threads';

// Clients in threads of their own: the harness runs the service in the test's process, and a
// client on the service's event loop would charge its own work (copying a 2 MB upload, reading
// answers) to the service. From a worker thread they behave like readers and an attacker
// elsewhere on the network. Plain JavaScript, evaluated: worker threads do not load TypeScript.

/** Wall-clock milliseconds comparable across threads. */
export const now = () => performance.timeOrigin + performance.now();

export interface Read {
  /** When the read started (`now()`). */
  at: number;
  ms: number;
  status: number;
}

const READERS = `
const { parentPort, workerData } = require('node:worker_threads');
let reading = true;
parentPort.on('message', () => { reading = false; });
const reader = async (n) => {
  for (let i = n; reading; i += 1) {
    const at = performance.timeOrigin + performance.now();
    const res = await fetch(workerData.url + '/api/articles/' + encodeURIComponent(workerData.slugs[i % workerData.slugs.length]));
    await res.arrayBuffer();
    parentPort.postMessage({ at, ms: performance.timeOrigin + performance.now() - at, status: res.status });
  }
};
Promise.all(Array.from({ length: workerData.connections }, (_, n) => reader(n))).then(() => parentPort.close());
`;

/** Readers fetching public articles in a loop on `connections` connections, until `stop()`. */
export function startReaders(url: string, slugs: string[], connections = 4) {
  const reads: Read[] = [];
  const worker = new Worker(READERS, { eval: true, workerData: { url, slugs, connections } });
  worker.on('message', (read: Read) => reads.push(read));
  const ended = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  let stopped: Promise<Read[]> | undefined;
  return {
    reads,
    stop(): Promise<Read[]> {
      if (!stopped) {
        worker.postMessage('stop');
        stopped = ended.then(() => reads);
      }
      return stopped;
    },
  };
}

const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', async () => {
  const at = performance.timeOrigin + performance.now();
  const res = await fetch(workerData.url, { method: 'POST', headers: workerData.headers, body: workerData.body });
  const text = await res.text();
  parentPort.postMessage({ status: res.status, text, ms: performance.timeOrigin + performance.now() - at });
});
`;

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

/** Sends the same prepared request on each `send()`, from its own thread; `ms` is what the sender waited. */
export function startSender(url: string, headers: Record<string, string>, body: Uint8Array) {
  const worker = new Worker(SENDER, { eval: true, workerData: { url, headers, body } });
  return {
    send(): Promise<Answer> {
      return new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', ({ status, text, ms }: { status: number; text: string; ms: number }) => {
          worker.off('error', reject);
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status, body: parsed, ms });
        });
        worker.postMessage('send');
      });
    },
    stop: () => worker.terminate(),
  };
}
