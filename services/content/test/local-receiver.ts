import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiving server on the loopback interface, as a webhook consumer or IndexNow would be: it
 * keeps every request and answers with the status `answer` gives (200 unless told), or never
 * answers while `stall` is set.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const state = { answer: (_request: Received): number => 200, stall: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      if (state.stall) return;
      res.statusCode = state.answer(request);
      // A redirect names somewhere to go, so a sender that followed it would be seen here.
      if (res.statusCode >= 300 && res.statusCode < 400) res.setHeader('location', '/redirected');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
