// The benchmark's ceiling: a bare Node http server, in a process of its own, answering each
// path with the exact bytes the gateway answered (read from a JSON file of path → base64 body).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodiesFile, port] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, { type: string; body: string }>).map(([path, { type, body }]) => [path, { type, body: Buffer.from(body, 'base64') }]));
const empty = { type: 'application/json; charset=utf-8', body: Buffer.from('{}') };

const server = createServer((req, res) => {
  const { type, body } = bodies.get(req.url ?? '') ?? empty;
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
