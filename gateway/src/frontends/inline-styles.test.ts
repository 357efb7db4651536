import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSP_NONCE_ATTRIBUTE } from '../csp/nonce.js';
import { inlineShellStylesheets, RemoteStyles, styleElement } from './inline-styles.js';

const log = pino({ level: 'silent' });
const MANIFEST = JSON.stringify({ exposes: [{ name: 'PublicApp', assets: { css: { sync: ['app.1234567890.css'] } } }] });

describe('inline styles', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('cannot be closed early by the CSS it holds', () => {
    const html = styleElement('a.css', 'a::after{content:"</style><script>x()</script>"}');
    expect(html.match(/<\/style>/gi)).toHaveLength(1);
    expect(html).toContain(`<style ${CSP_NONCE_ATTRIBUTE} data-href="a.css">`);
  });

  it("replaces the shell template's stylesheet links with their CSS, keeping a link whose file is missing", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'inline-styles-'));
    cleanups.push(() => rm(dist, { recursive: true, force: true }));
    await writeFile(join(dist, 'main.abc.css'), 'body{margin:0}');
    const template = '<head><link href="/mf/shell/main.abc.css" rel="stylesheet"><link href="/mf/shell/gone.def.css" rel="stylesheet"><link rel="icon" href="/favicon.ico"></head>';
    const html = await inlineShellStylesheets(template, dist);
    expect(html).toContain(`<style ${CSP_NONCE_ATTRIBUTE} data-href="main.abc.css">body{margin:0}</style>`);
    expect(html).toContain('<link href="/mf/shell/gone.def.css" rel="stylesheet">');
    expect(html).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it("names the islands' CSS as present without inlining it twice: their chunk loader then fetches nothing", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'inline-styles-'));
    cleanups.push(() => rm(dist, { recursive: true, force: true }));
    const manifest = { exposes: [
      { name: 'PublicApp', assets: { css: { sync: ['app.1234567890.css'] } } },
      { name: 'islands', assets: { css: { sync: ['islands.1234567890.css'] } } },
    ] };
    await writeFile(join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
    await writeFile(join(dist, 'app.1234567890.css'), '.pub-x{color:red}');
    await writeFile(join(dist, 'islands.1234567890.css'), '.pub-x{color:red}');
    const html = await new RemoteStyles({ dist }, 'PublicApp', log, {}, ['islands']).html();
    expect(html).toBe(
      `<style ${CSP_NONCE_ATTRIBUTE} data-href="app.1234567890.css">.pub-x{color:red}</style><style ${CSP_NONCE_ATTRIBUTE} data-href="islands.1234567890.css"></style>`,
    );
  });

  it("fetches a remote's CSS beside its entry, and keeps the last good copy when the remote stops answering", async () => {
    let up = true;
    const requests: string[] = [];
    const server: Server = createServer((req, res) => {
      requests.push(req.url!);
      if (!up) return void res.writeHead(503).end();
      if (req.url === '/public/mf-manifest.json') return void res.writeHead(200).end(MANIFEST);
      if (req.url === '/public/app.1234567890.css') return void res.writeHead(200).end('.pub-x{color:red}');
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cleanups.push(() => void server.close());
    const entry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/remoteEntry.js`;

    const styles = new RemoteStyles({ entry }, 'PublicApp', log, { refreshMs: 0 });
    expect(await styles.html()).toBe(`<style ${CSP_NONCE_ATTRIBUTE} data-href="app.1234567890.css">.pub-x{color:red}</style>`);
    expect(requests).toEqual(['/public/mf-manifest.json', '/public/app.1234567890.css']);

    up = false;
    expect(await styles.html()).toContain('.pub-x{color:red}'); // from the copy, while it fetches again
    await vi.waitFor(() => expect(requests.slice(2)).toEqual(['/public/mf-manifest.json']));
    await new Promise((done) => setTimeout(done, 50));
    expect(await styles.html()).toContain('.pub-x{color:red}');
  });

  it('gives nothing (the remote links its CSS itself) when the remote cannot be reached', async () => {
    const styles = new RemoteStyles({ entry: 'http://127.0.0.1:9/remoteEntry.js' }, 'PublicApp', log, { fetchTimeoutMs: 500 });
    expect(await styles.html()).toBe('');
  });
});
