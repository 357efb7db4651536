import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentClient } from '../src/frontends/content-client.js';
import { UpstreamPool } from '../src/proxy/upstream-pool.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

/** A port nothing listens on (taken, then freed): as a content task stopped during a rollout. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the page renderer's reads over every content replica", () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'over-the-pool', title: '走過副本池' });
  });
  afterAll(async () => api?.close());

  it('reads from another replica when one refuses the connection', async () => {
    const gone = `http://127.0.0.1:${await closedPort()}`;
    // The stopped replica first: round-robin would send the first read to it.
    const client = new ContentClient(gone, 2_000, undefined, new UpstreamPool([gone, api.url]));
    for (let read = 0; read < 4; read += 1) {
      const res = await client.response('/api/articles/over-the-pool');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('走過副本池');
    }
  });

  it("waits past the caller's deadline for a read with no earlier answer to fall back on (a slow replica's answer beats an error page)", async () => {
    const slow = createHttpServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: '慢慢來' })), 600);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
      const client = new ContentClient(url, 150, undefined, new UpstreamPool([url]), undefined, 5_000);
      const res = await client.response('/api/articles/slow', AbortSignal.timeout(150));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('慢慢來');
      // The limit still holds: past it, no answer.
      const impatient = new ContentClient(url, 150, undefined, new UpstreamPool([url]), undefined, 200);
      await expect(impatient.response('/api/articles/slow', AbortSignal.timeout(150))).rejects.toThrow(/did not answer/);
    } finally {
      slow.close();
    }
  });
});
