import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplicaResolver, namesReplicas } from '../src/proxy/replica-resolver.js';
import { sendBuffered, sendWithRetry } from '../src/proxy/send.js';
import { UpstreamPool } from '../src/proxy/upstream-pool.js';

/** A replica on its own loopback address (127.0.0.N), all on one port, as tasks of one service are. */
interface Replica {
  address: string;
  server: Server;
  served: number;
  /** Drops the connection of the next request without answering (the task is killed mid-request). */
  vanishNext: boolean;
  /** Never answers the next request and never closes its connection (a killed task whose address is gone). */
  silentNext: boolean;
  /** The request bodies it received in full. */
  bodies: string[];
}

const opened: Replica[] = [];
const pools: UpstreamPool[] = [];
const stalled: Array<{ child: ChildProcess; sockets: Socket[] }> = [];

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

async function replicas(count: number): Promise<{ port: number; all: Replica[] }> {
  const all: Replica[] = [];
  let port = 0;
  for (let n = 1; n <= count; n += 1) {
    const replica: Replica = { address: `127.0.0.${n + 10}`, served: 0, vanishNext: false, silentNext: false, bodies: [], server: undefined as unknown as Server };
    replica.server = createServer((req, res) => {
      if (replica.silentNext) {
        replica.silentNext = false;
        return;
      }
      if (replica.vanishNext) {
        replica.vanishNext = false;
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        replica.served += 1;
        replica.bodies.push(Buffer.concat(chunks).toString());
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(replica.address);
      });
    });
    port = await listen(replica.server, replica.address, port);
    all.push(replica);
    opened.push(replica);
  }
  return { port, all };
}

/** DNS as Swarm's answers it: whatever addresses the name has at the moment, or a failure. */
function dnsOf(answer: { addresses: string[]; fail?: boolean; asked: number }) {
  return async () => {
    answer.asked += 1;
    if (answer.fail) throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    return answer.addresses;
  };
}

async function get(pool: UpstreamPool): Promise<string> {
  const answer = await sendBuffered(pool, { method: 'GET', path: '/api/articles', headers: {}, timeoutMs: 2_000 }, { waitForRestartMs: 1_000 }, 1_000_000);
  return answer.body.toString();
}

/**
 * An address where a connection is never made: a listener in a stopped process whose backlog is
 * full, so the kernel drops new SYNs, as an address whose task was killed answers nothing.
 */
async function unreachableAt(address: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', `const s = require('net').createServer(() => {}); s.listen({ port: 0, host: '${address}', backlog: 1 }, () => console.log(s.address().port))`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (data) => resolve(Number(String(data)))));
  child.kill('SIGSTOP');
  const sockets = Array.from({ length: 4 }, () => connect(port, address).on('error', () => {}));
  stalled.push({ child, sockets });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return port;
}

afterEach(async () => {
  for (const { child, sockets } of stalled.splice(0)) {
    for (const socket of sockets) socket.destroy();
    child.kill('SIGKILL');
  }
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  await Promise.all(
    opened.splice(0).map((replica) => {
      replica.server.closeAllConnections();
      return new Promise((resolve) => replica.server.close(resolve));
    }),
  );
});

describe('the gateway reaching every replica of a service', () => {
  it('resolves names only, not addresses or this machine', () => {
    expect(namesReplicas('http://content:4002')).toBe(true);
    expect(namesReplicas('http://tasks.content.coinmag:4002')).toBe(true);
    expect(namesReplicas('http://127.0.0.1:4002')).toBe(false);
    expect(namesReplicas('http://[::1]:4002')).toBe(false);
    expect(namesReplicas('http://localhost:4002')).toBe(false);
  });

  it('spreads requests over every address the service name has', async () => {
    const { port, all } = await replicas(3);
    const dns = { addresses: all.map((r) => r.address), asked: 0 };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 0, lookup: dnsOf(dns) });
    resolver.start();
    await resolver.refresh();
    expect(pool.origins.sort()).toEqual(all.map((r) => `http://${r.address}:${port}`).sort());
    for (let n = 0; n < 30; n += 1) await get(pool);
    expect(all.map((r) => r.served)).toEqual([10, 10, 10]);
    resolver.stop();
  });

  it('follows tasks as they come and go', async () => {
    const { port, all } = await replicas(3);
    const [first, second, third] = all as [Replica, Replica, Replica];
    const dns = { addresses: [first.address, second.address], asked: 0 };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const changes: string[][] = [];
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 50, lookup: dnsOf(dns), onChange: (origins) => changes.push(origins) });
    resolver.start();
    await resolver.refresh();
    for (let n = 0; n < 10; n += 1) await get(pool);
    expect(third.served).toBe(0);

    dns.addresses = [second.address, third.address]; // a rolling update: a new task, an old one gone
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes.length).toBe(2);
    const before = first.served;
    for (let n = 0; n < 10; n += 1) await get(pool);
    expect(first.served).toBe(before);
    expect(third.served).toBe(5);
    resolver.stop();
  });

  it('keeps the addresses it knew when the name briefly has none or DNS fails', async () => {
    const { port, all } = await replicas(2);
    const dns = { addresses: all.map((r) => r.address), asked: 0, fail: false };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 0, lookup: dnsOf(dns) });
    resolver.start();
    await resolver.refresh();
    dns.fail = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
    await resolver.refresh();
    dns.fail = false;
    dns.addresses = [];
    await new Promise((resolve) => setTimeout(resolve, 250));
    await resolver.refresh();
    expect(dns.asked).toBe(3);
    expect(pool.origins.length).toBe(2);
    expect(await get(pool)).toMatch(/^127\.0\.0\.1[12]$/);
    resolver.stop();
  });

  it('answers a read from another replica when its replica vanishes mid-request, and asks DNS again', async () => {
    const { port, all } = await replicas(2);
    const [doomed, survivor] = all as [Replica, Replica];
    const dns = { addresses: [doomed.address, survivor.address], asked: 0 };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 0, lookup: dnsOf(dns) });
    resolver.start();
    await resolver.refresh();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const askedBefore = dns.asked;

    const answers: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      doomed.vanishNext = true;
      answers.push(await get(pool));
    }
    expect(answers).toEqual([survivor.address, survivor.address]);
    expect(doomed.served).toBe(0);
    expect(dns.asked).toBeGreaterThan(askedBefore);
    resolver.stop();
  });

  it('sends a write to another replica when one refuses the connection (it never reached that one)', async () => {
    const { port, all } = await replicas(2);
    const [stopped, survivor] = all as [Replica, Replica];
    await new Promise((resolve) => stopped.server.close(resolve));
    const pool = new UpstreamPool(all.map((r) => `http://${r.address}:${port}`));
    pools.push(pool);
    const answers: string[] = [];
    for (let n = 0; n < 4; n += 1) {
      const { statusCode, body } = await sendWithRetry(pool, { method: 'POST', path: '/api/articles/a/views', headers: { 'content-length': '2' }, body: Buffer.from('{}'), timeoutMs: 2_000 }, { waitForRestartMs: 0 });
      expect(statusCode).toBe(200);
      answers.push(await body.text());
    }
    expect(answers).toEqual(Array(4).fill(survivor.address));
    expect(survivor.served).toBe(4);
  });

  it('sends a streamed write (an admin form with a cover) to another replica when one refuses the connection, whole', async () => {
    const { port, all } = await replicas(2);
    const [stopped, survivor] = all as [Replica, Replica];
    await new Promise((resolve) => stopped.server.close(resolve));
    const pool = new UpstreamPool(all.map((r) => `http://${r.address}:${port}`));
    pools.push(pool);
    const form = 'x'.repeat(200_000);
    for (let n = 0; n < 2; n += 1) {
      const body = Readable.from([Buffer.from(form.slice(0, 70_000)), Buffer.from(form.slice(70_000))]);
      const { statusCode, body: answer } = await sendWithRetry(pool, { method: 'PUT', path: '/api/articles/admin/1', headers: { 'content-length': String(form.length) }, body, timeoutMs: 2_000 }, { waitForRestartMs: 0 });
      expect(statusCode).toBe(200);
      expect(await answer.text()).toBe(survivor.address);
    }
    expect(survivor.bodies).toEqual([form, form]);
  });

  it('sends a streamed write to another replica when a connection to one cannot be made in time, and keeps its body whole', async () => {
    const { port, all } = await replicas(1);
    const [survivor] = all as [Replica];
    await new Promise((resolve) => survivor.server.close(resolve));
    const unreachablePort = await unreachableAt('127.0.0.32');
    survivor.server.removeAllListeners('request');
    survivor.server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        survivor.bodies.push(Buffer.concat(chunks).toString());
        res.end(survivor.address);
      });
    });
    await listen(survivor.server, survivor.address, unreachablePort);
    const pool = new UpstreamPool([`http://127.0.0.32:${unreachablePort}`, `http://${survivor.address}:${unreachablePort}`]);
    pools.push(pool);
    // The client is still sending while the first replica's connection is not made.
    const body = new PassThrough();
    body.write('first half,');
    setTimeout(() => body.end('second half'), 1_300);
    const response = await sendWithRetry(pool, { method: 'PUT', path: '/api/articles/admin/1', headers: { 'content-length': String('first half,second half'.length) }, body, timeoutMs: 10_000 }, { waitForRestartMs: 0 });
    expect(await response.body.text()).toBe(survivor.address);
    expect(survivor.bodies).toEqual(['first half,second half']);
  });

  it('does not send a streamed write again once a replica has begun to read it', async () => {
    const { port, all } = await replicas(2);
    const pool = new UpstreamPool(all.map((r) => `http://${r.address}:${port}`));
    pools.push(pool);
    let asked = 0;
    for (const replica of all) {
      replica.server.removeAllListeners('request');
      replica.server.on('request', (req) => {
        asked += 1;
        req.once('data', () => req.socket.destroy());
      });
    }
    const body = new PassThrough();
    body.write('a part of the form');
    setTimeout(() => body.end(), 300);
    const failed = sendWithRetry(pool, { method: 'PUT', path: '/api/articles/admin/1', headers: { 'content-length': '18' }, body, timeoutMs: 2_000 }, { waitForRestartMs: 0 });
    await expect(failed).rejects.toThrow();
    expect(asked).toBe(1);
    expect(body.destroyed).toBe(true);
  });

  it('does not replay a write when its replica vanishes mid-request', async () => {
    const { port, all } = await replicas(2);
    const pool = new UpstreamPool(all.map((r) => `http://${r.address}:${port}`));
    pools.push(pool);
    for (const replica of all) replica.vanishNext = true;
    await expect(sendWithRetry(pool, { method: 'POST', path: '/api/admin/articles', headers: { 'content-length': '2' }, body: null, timeoutMs: 2_000 }, { waitForRestartMs: 1_000 })).rejects.toThrow();
    expect(all.map((r) => r.served)).toEqual([0, 0]);
    expect(all.filter((r) => !r.vanishNext).length).toBe(1);
  });

  it('sends a read waiting on a replica that leaves the service (DNS stops naming it) to another one at once', async () => {
    const { port, all } = await replicas(2);
    const [killed, survivor] = all as [Replica, Replica];
    const dns = { addresses: [killed.address, survivor.address], asked: 0 };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 50, lookup: dnsOf(dns) });
    resolver.start();
    await resolver.refresh();
    if (pool.origins[0] !== `http://${killed.address}:${port}`) await get(pool); // the next read goes to the killed one
    killed.silentNext = true;
    const started = Date.now();
    const read = sendBuffered(pool, { method: 'GET', path: '/api/articles', headers: {}, timeoutMs: 15_000 }, { waitForRestartMs: 0 }, 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    dns.addresses = [survivor.address];
    const answer = await read;
    expect(answer.body.toString()).toBe(survivor.address);
    expect(killed.served).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    resolver.stop();
  });

  it('lets a write waiting on a replica that leaves the service finish there (it may have been done)', async () => {
    const { port, all } = await replicas(2);
    const [leaving, other] = all as [Replica, Replica];
    const dns = { addresses: [leaving.address, other.address], asked: 0 };
    const pool = new UpstreamPool([`http://content.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://content.swarm.test:${port}`], { intervalMs: 50, lookup: dnsOf(dns) });
    resolver.start();
    await resolver.refresh();
    if (pool.origins[0] !== `http://${leaving.address}:${port}`) await get(pool);
    // The leaving replica answers the write only after DNS has stopped naming it.
    leaving.server.removeAllListeners('request');
    leaving.server.on('request', (_req, res) => setTimeout(() => res.end('done there'), 400));
    const write = sendWithRetry(pool, { method: 'POST', path: '/api/articles/admin', headers: { 'content-length': '2' }, body: Buffer.from('{}'), timeoutMs: 5_000 }, { waitForRestartMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    dns.addresses = [other.address];
    const response = await write;
    expect(await response.body.text()).toBe('done there');
    expect(other.served).toBe(0);
    resolver.stop();
  });

  it('sends a request, a write too, to another replica when a connection to one cannot be made in time', async () => {
    const { port, all } = await replicas(1);
    const [survivor] = all as [Replica];
    await new Promise((resolve) => survivor.server.close(resolve));
    const unreachablePort = await unreachableAt('127.0.0.31');
    // Both on one port, as a service's tasks are: the survivor listens again on the stalled one's.
    survivor.server = createServer((_req, res) => {
      survivor.served += 1;
      res.end(survivor.address);
    });
    await listen(survivor.server, survivor.address, unreachablePort);
    const pool = new UpstreamPool([`http://127.0.0.31:${unreachablePort}`, `http://${survivor.address}:${unreachablePort}`]);
    pools.push(pool);
    const started = Date.now();
    const response = await sendWithRetry(pool, { method: 'POST', path: '/api/articles/a/views', headers: { 'content-length': '2' }, body: Buffer.from('{}'), timeoutMs: 10_000 }, { waitForRestartMs: 0 });
    expect(await response.body.text()).toBe(survivor.address);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
    // Marked down: the next request goes straight to the survivor.
    const next = Date.now();
    expect((await get(pool))).toBe(survivor.address);
    expect(Date.now() - next).toBeLessThan(500);
  });

  it('leaves an address that keeps refusing alone for longer each time (1, 2, 4 … 16 s), and forgets that at its first answer', async () => {
    const { port, all } = await replicas(2);
    const [comesBack, good] = all as [Replica, Replica];
    await new Promise((resolve) => comesBack.server.close(resolve));
    const pool = new UpstreamPool([`http://${comesBack.address}:${port}`, `http://${good.address}:${port}`]);
    pools.push(pool);
    // Only the clock the pool reads is frozen and moved by hand; sockets and their timers are real.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const windows: number[] = [];
      for (let step = 0; step < 7; step += 1) {
        // Two requests: round robin asks the refusing replica with one of them whenever its window is over.
        for (let n = 0; n < 2; n += 1) expect(await get(pool)).toBe(good.address);
        windows.push(pool.states[0]!.downForMs);
        vi.setSystemTime(Date.now() + pool.states[0]!.downForMs + 1);
      }
      expect(windows).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
      expect(pool.states[0]!.refusals).toBe(7);
      // Requests while it is marked down never count as refusals: it was not asked.
      expect(pool.states[1]).toEqual({ origin: `http://${good.address}:${port}`, refusals: 0, downForMs: 0 });

      await listen(comesBack.server, comesBack.address, port);
      const answered = new Set<string>();
      for (let n = 0; n < 2; n += 1) answered.add(await get(pool));
      expect(answered).toEqual(new Set([comesBack.address, good.address]));
      expect(pool.states[0]).toEqual({ origin: `http://${comesBack.address}:${port}`, refusals: 0, downForMs: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs each change of a replica list: the service, who joined, who left', async () => {
    const { port, all } = await replicas(3);
    const [first, second, third] = all as [Replica, Replica, Replica];
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const dns = { addresses: [first.address, second.address], asked: 0 };
    const pool = new UpstreamPool([`http://auth.swarm.test:${port}`]);
    pools.push(pool);
    const resolver = new ReplicaResolver(pool, [`http://auth.swarm.test:${port}`], { intervalMs: 0, lookup: dnsOf(dns), log, service: 'auth' });
    resolver.start();
    await resolver.refresh();
    dns.addresses = [second.address, third.address];
    await new Promise((resolve) => setTimeout(resolve, 250));
    await resolver.refresh();
    // Unchanged: no line.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await resolver.refresh();
    resolver.stop();
    const at = (replica: Replica) => `http://${replica.address}:${port}`;
    expect(lines.map(({ msg, service, joined, left, replicas: list }) => ({ msg, service, joined, left, replicas: list }))).toEqual([
      { msg: 'replica list changed', service: 'auth', joined: [at(first), at(second)], left: [`http://auth.swarm.test:${port}`], replicas: [at(first), at(second)] },
      { msg: 'replica list changed', service: 'auth', joined: [at(third)], left: [at(first)], replicas: [at(second), at(third)] },
    ]);
  });
});
