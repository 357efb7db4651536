import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// Built frontends small enough to write in a test: a shell template with a style, an inline
// script and a deferred script, and server bundles that render a long page for any path
// (404 for /article/missing…), beside a content service that answers settings and categories.

const TEMPLATE =
  '<!doctype html><html lang="zh-Hant-TW"><head><!--app-head--><style>body{margin:0}</style><script>window.early = 1</script></head>' +
  '<body><div id="root"><!--app-root--></div><script defer src="/mf/shell/main.0123456789.js"></script></body></html>';
const SHELL_BUNDLE = `exports.loadRemoteServer = async (name, entry) => require(require('node:url').fileURLToPath(new URL(entry)));
exports.renderPage = (url) => '<main>' + Array.from({ length: 200 }, (_, i) => '<p>第 ' + i + ' 段：比特幣、以太坊與穩定幣的入門說明。</p>').join('') + url + '</main>';`;
const PUBLIC_BUNDLE = `exports.PublicApp = function PublicApp() {};
exports.answerUrl = async ({ pathname, search, settings }) => ({
  status: pathname.startsWith('/article/missing') ? 404 : 200,
  head: { siteTitle: settings.site_title, description: settings.site_description, path: pathname },
  data: { key: pathname, state: {} },
  lcpImage: null,
  ...(pathname.startsWith('/learn/') ? { deps: ['learning-path:' + pathname.slice('/learn/'.length)] } : {}),
});`;

/** Writes the shell and the public remote, browser and server builds, under `dir`. */
export async function writeRenderingFrontends(dir: string): Promise<void> {
  for (const name of ['shell', 'public']) await mkdir(join(dir, name, 'dist', 'server'), { recursive: true });
  await writeFile(join(dir, 'shell', 'dist', 'index.html'), TEMPLATE);
  await writeFile(join(dir, 'shell', 'dist', 'server', 'index.cjs'), SHELL_BUNDLE);
  await writeFile(join(dir, 'public', 'dist', 'server', 'remoteEntry.js'), PUBLIC_BUNDLE);
  await writeFile(join(dir, 'public', 'dist', 'remoteEntry.js'), 'var coinmag_public = {};');
}

/** The content calls a rendered page makes: the settings and the header categories; 404 for the rest. */
export async function startPageContent(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const body = req.url === '/api/settings' ? { site_title: '幣誌' } : req.url === '/api/categories/header' ? [] : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: '找不到資源' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  encoding: string | undefined;
  /** The nonce the answer's Content-Security-Policy names ('' when none). */
  nonce: string;
  body: Buffer;
}

/** A request with the bytes as sent (fetch would decode them). */
export function rawRequest(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
        resolve({ status: res.statusCode!, headers: res.headers, encoding: res.headers['content-encoding'], nonce, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The answer's body as text, decoded from brotli or gzip. */
export function decodedBody({ encoding, body }: RawAnswer): string {
  return (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
}
