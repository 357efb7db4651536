import type Koa from 'koa';
import { listen, type RunningServer } from '../server.js';

export interface AppHarness {
  url: string;
  running: RunningServer;
  /** fetch against the app: `harness.fetch('/api/articles')`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A real app listening on a free loopback port, closed with every connection it has. */
export async function startApp(app: Koa): Promise<AppHarness> {
  const running = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.port}`;
  return {
    url,
    running,
    fetch: (path, init) => fetch(url + path, init),
    close: async () => {
      running.server.closeAllConnections();
      await running.close();
    },
  };
}
