import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';

/** How long the server waits for what a client sends, and a say over each new connection (the gateway's caps). */
export interface ServerTuning {
  /** Longest the request line and headers may take (then 408). */
  headersTimeoutMs?: number;
  /** Longest a whole request may take to arrive (then 408). */
  requestTimeoutMs?: number;
  /** How often those two are checked (Node's default, 30 s, makes a 10 s limit a 40 s one). */
  checkIntervalMs?: number;
  /** Sees each accepted connection first; it may destroy the socket. */
  onConnection?(socket: Socket): void;
}

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Stops accepting, answers what is in flight with `Connection: close`, closes idle
   * keep-alive connections as they go quiet; resolves true when every connection has
   * ended, false when `timeoutMs` passed and the rest were cut.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /** Closes at once (tests): idle connections closed, in-flight ones allowed to finish. */
  close(): Promise<void>;
}

const IDLE_SWEEP_MS = 50;

/** Listens on `host:port` (port 0: any free one) with keep-alive timeouts above any proxy's. */
export async function listen(app: Koa, port: number, host = '0.0.0.0', tuning: ServerTuning = {}): Promise<RunningServer> {
  const handle = app.callback();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const server = createServer({ connectionsCheckingInterval: tuning.checkIntervalMs ?? 30_000 }, (req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) res.setHeader('Connection', 'close');
    void handle(req, res);
  });
  // Longer than the gateway's (and any load balancer's) idle timeout, so the client side
  // closes an idle connection first and never sends on one this side is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = tuning.headersTimeoutMs ?? 66_000;
  server.requestTimeout = tuning.requestTimeoutMs ?? 120_000;
  if (tuning.onConnection) server.prependListener('connection', tuning.onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  const drain = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // A response whose headers went out before the drain began leaves a keep-alive
      // connection behind when it ends: the sweep closes it as soon as it is idle.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => {
        server.closeAllConnections();
        finish(false);
      }, timeoutMs);
      let done = false;
      const finish = (complete: boolean) => {
        if (done) return;
        done = true;
        clearInterval(sweep);
        clearTimeout(deadline);
        resolve(complete);
      };
      if (!server.listening) return finish(true);
      server.close(() => finish(true));
      server.closeIdleConnections();
    });

  return {
    server,
    port: actualPort,
    drain,
    close: async () => {
      await drain(5000);
    },
  };
}
