// The benchmark's ceiling: a bare Node http server, in a process of its own, answering each
// path with the exact bytes the gateway answered (read from a JSON file of path → base64 body;
// a key `<path> <accept-encoding>` holds the bytes for a request with that Accept-Encoding).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodiesFile, port] = process.argv.slice(2);
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, { type: string; body: string; encoding?: string }>).map(([key, { type, body, encoding }]) => [
    key,
    { type, encoding, body: Buffer.from(body, 'base64') },
  ]),
);
const empty = { type: 'application/json; charset=utf-8', encoding: undefined, body: Buffer.from('{}') };

const server = createServer((req, res) => {
  const acceptEncoding = req.headers['accept-encoding'];
  const { type, encoding, body } = (acceptEncoding && bodies.get(`${req.url} ${acceptEncoding}`)) || bodies.get(req.url ?? '') || empty;
  res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...(encoding && { 'content-encoding': encoding }) });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
