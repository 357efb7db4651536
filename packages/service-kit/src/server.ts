import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger.js';

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Listens and returns a closer that stops accepting, lets in-flight requests finish, then closes `resources`. */
export async function listen(app: Koa, port: number, host = '0.0.0.0'): Promise<RunningServer> {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * On SIGTERM or SIGINT: stop accepting, wait for in-flight requests (bounded by
 * `graceMs`), close pools, exit. A second signal exits at once.
 */
export function shutdownOnSignals(running: RunningServer, log: Logger, closers: Array<() => Promise<unknown>>, graceMs = 10_000): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      log.warn('in-flight requests did not finish in time; closing connections');
      running.server.closeAllConnections();
    }, graceMs);
    forced.unref();
    await running.close();
    clearTimeout(forced);
    for (const close of closers) {
      try {
        await close();
      } catch (err) {
        log.error({ err }, 'error while closing a resource');
      }
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
