import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const FIXTURE = new URL('./fixtures/wordpress/export.xml', import.meta.url);

/** The fixture export with its images at `imagesBase` (the local image server). */
export async function fixtureExport(imagesBase: string): Promise<string> {
  return (await readFile(FIXTURE, 'utf8')).replaceAll('__IMAGES__', imagesBase);
}

export interface ImageServer {
  url: string;
  /** Requests per path, to prove each image is fetched once. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The old site's uploads: every original the fixture uses, except missing.jpg (404). Port 0: any
 * free one. `gate`: every answer waits for it (an old site that answers only once the test says so).
 */
export async function startImageServer(port = 0, gate?: Promise<void>): Promise<ImageServer> {
  const make = (color: string, format: 'jpeg' | 'png') => sharp({ create: { width: 640, height: 400, channels: 3, background: color } })[format]().toBuffer();
  const files = new Map<string, { data: Buffer; type: string }>([
    ['/wp-content/uploads/2024/05/btc-cover.jpg', { data: await make('#f7931a', 'jpeg'), type: 'image/jpeg' }],
    ['/wp-content/uploads/2024/05/chart.png', { data: await make('#2266aa', 'png'), type: 'image/png' }],
    ['/wp-content/uploads/2024/05/gallery-1.jpg', { data: await make('#aa2266', 'jpeg'), type: 'image/jpeg' }],
    ['/wp-content/uploads/2024/05/gallery-2.jpg', { data: await make('#22aa66', 'jpeg'), type: 'image/jpeg' }],
    ['/wp-content/uploads/2024/04/withdraw.jpg', { data: await make('#666666', 'jpeg'), type: 'image/jpeg' }],
  ]);
  const hits = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    if (gate) await gate;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.data.length }).end(file.data);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
