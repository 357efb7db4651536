import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from '../../packages/service-kit/src/testing/free-port';
import { runEntry, stopAll, waitForHealthy, type ServiceProcess } from '../../scripts/stack/processes';
import { E2E_SERVICES_BASE_PORT } from './ports';

/** The real services of the e2e stack. */
export const serviceUrl = (offset: 1 | 2 | 3) => `http://127.0.0.1:${E2E_SERVICES_BASE_PORT + offset}`;

/** One answer the content service gives instead of its own, for the requests `matches` picks. */
export interface Fault {
  method?: string;
  /** Matched against the path and query string as the gateway sends them. */
  path: RegExp;
  /**
   * What to answer: a status and a body, or a function of the real service's JSON answer (to
   * change one field of real data, as a content service holding that data would answer).
   */
  answer: { status: number; json?: unknown; text?: string } | { rewrite: (real: unknown) => unknown };
}

/**
 * A real HTTP server in front of the real content service: every request is passed on (bodies
 * and the gateway's long-lived invalidation stream streamed both ways) except those a fault
 * matches, which it answers itself. A gateway pointed at it meets exactly those failures from
 * its content service, on the server, as it would in production.
 */
export interface FaultyContent {
  url: string;
  /** The answers given for the faulted requests whose path and query `path` matches, oldest first. */
  answered: (path: RegExp) => unknown[];
  close: () => Promise<void>;
}

export async function startFaultyContent(faults: Fault[]): Promise<FaultyContent> {
  const upstream = new URL(serviceUrl(2));
  const seen: { url: string; body: unknown }[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const fault = faults.find((candidate) => (!candidate.method || candidate.method === req.method) && candidate.path.test(url));
    if (fault && 'status' in fault.answer) {
      const { status, json, text } = fault.answer;
      seen.push({ url, body: json ?? text });
      req.resume();
      if (json !== undefined) res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(json));
      else res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text ?? '');
      return;
    }
    const rewrite = fault && 'rewrite' in fault.answer ? fault.answer.rewrite : undefined;
    const headers = { ...req.headers };
    // A rewritten answer is read whole: ask for it uncompressed and never as a 304.
    if (rewrite) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers }, (answer) => {
      if (!rewrite) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const rewritten = rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        seen.push({ url, body: rewritten });
        const body = Buffer.from(JSON.stringify(rewritten));
        const { etag: _etag, 'content-length': _length, ...kept } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': String(body.length) }).end(body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered: (path) => seen.filter((entry) => path.test(entry.url)).map((entry) => entry.body),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * A second gateway over the e2e stack's real auth and media services and the given content
 * service, on a port of its own (the same keys and built frontends as the stack's).
 */
export async function startGatewayOver(contentUrl: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = process.env.E2E_DATA_DIR!;
  const gateway: ServiceProcess[] = [
    runEntry('gateway-faulty-content', resolve(import.meta.dirname, '..', '..', 'gateway', 'src', 'main.ts'), {
      PORT: String(port),
      AUTH_URL: serviceUrl(1),
      CONTENT_URL: contentUrl,
      MEDIA_URL: serviceUrl(3),
      DATA_DIR: dataDir,
      JWT_PUBLIC_KEY_FILE: join(dataDir, 'keys', 'jwt-public.pem'),
      SITE_ORIGIN: base,
      TRUSTED_PROXY_HOPS: '0',
      LOG_LEVEL: 'error',
    }, true),
  ];
  await waitForHealthy(`${base}/healthz`);
  return { base, stop: () => stopAll(gateway) };
}
