// A new gateway's warm-up (frontends/warm-up.ts, run before it says it is ready): its server
// rendering code loaded and run on the home page and the newest article.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontends } from '../src/frontends/serve-frontends.js';
import { ensureBuiltFrontends, FRONTENDS } from './support/built-frontends.js';

function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const SETTINGS = { site_title: '測試幣誌', site_description: '描述', google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' };

describe('the gateway warm-up', () => {
  const servers: Server[] = [];
  const asked: string[] = [];
  const logs: string[] = [];
  let origin = '';
  let warmUp: (origin: string) => Promise<void>;

  beforeAll(async () => {
    await ensureBuiltFrontends();
    // The content service: settings, header categories, and a list whose newest article is `warm-article`.
    const content = createServer((req, res) => {
      asked.push(req.url!);
      const path = new URL(req.url!, 'http://x').pathname;
      const body = path === '/api/settings' ? SETTINGS : path === '/api/categories/header' ? [] : path === '/api/articles' ? { articles: [{ slug: 'warm-article' }], total: 1 } : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: '找不到資源' }));
    });
    servers.push(content);
    const contentUrl = await listen(content);
    const frontends = createFrontends({ frontendsDir: FRONTENDS, contentUrl, log: pino({ level: 'info' }, { write: (line: string) => logs.push(line) }) });
    warmUp = frontends.warmUp;
    const app = new Koa();
    // The list the warm-up reads goes to the content service, as the gateway's proxy sends it.
    app.use(async (ctx, next) => {
      if (!ctx.path.startsWith('/api/')) return next();
      const res = await fetch(`${contentUrl}${ctx.url}`);
      ctx.status = res.status;
      ctx.type = 'application/json';
      ctx.body = await res.text();
    });
    app.use(frontends.serve);
    const server = createServer(app.callback());
    servers.push(server);
    origin = await listen(server);
  }, 300_000);
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('loads the server rendering code and renders the home page and the newest article before it ends', async () => {
    expect(logs.some((line) => line.includes('server rendering on'))).toBe(false);
    await warmUp(origin);
    expect(logs.some((line) => line.includes('server rendering on'))).toBe(true);
    // The home page's reads, the list it picked the newest article from, and that article's read.
    expect(asked).toContain('/api/settings');
    expect(asked).toContain('/api/articles?page=1&limit=1');
    expect(asked.some((url) => url.startsWith('/api/articles/warm-article'))).toBe(true);
  });
});
