import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError, UnauthorizedError } from './errors.js';
import { verifyWithAuth } from './verify-with-auth.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** An auth stand-in that answers each verify with the next of `answers` ('cut': drops the connection unanswered). */
async function authAnswering(answers: Array<number | 'cut'>): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  const server = createServer((req, res) => {
    const answer = answers[Math.min(asked, answers.length - 1)]!;
    asked += 1;
    if (answer === 'cut') return req.socket.destroy();
    res.writeHead(answer, { 'content-type': 'application/json' });
    res.end('{}');
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/verify`, asked: () => asked };
}

describe('asking auth whether a token is still good', () => {
  it('asks again when a connection is cut or a replica answers 503 (one stopping in a rolling update)', async () => {
    const auth = await authAnswering(['cut', 503, 200]);
    await expect(verifyWithAuth(auth.url, 'token', 5_000, 'r-1')).resolves.toBeUndefined();
    expect(auth.asked()).toBe(3);
  });

  it('asks again when no connection is made at all', async () => {
    const closed = await authAnswering([200]);
    const url = closed.url;
    const server = servers.pop()!;
    await new Promise((done) => server.close(done));
    const started = Date.now();
    await expect(verifyWithAuth(url, 'token', 5_000)).rejects.toBeInstanceOf(ServiceUnavailableError);
    // Three attempts, two pauses: refused at once each time, not held for the timeout.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('does not ask again on an answer: 401 is refused, another status is 503', async () => {
    const refused = await authAnswering([401, 200]);
    await expect(verifyWithAuth(refused.url, 'token', 5_000)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(refused.asked()).toBe(1);
    const broken = await authAnswering([500, 200]);
    await expect(verifyWithAuth(broken.url, 'token', 5_000)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(broken.asked()).toBe(1);
  });

  it('never passes a token when auth keeps failing, and gives up within its timeout', async () => {
    const auth = await authAnswering([503]);
    await expect(verifyWithAuth(auth.url, 'token', 5_000)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(auth.asked()).toBe(3);
    const silent = createServer(() => {});
    servers.push(silent);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const started = Date.now();
    await expect(verifyWithAuth(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/admin/verify`, 'token', 300)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
