// An SMTP relay's stand-in as a container of its own (test:compose): the newsletter service tests'
// sink (a real SMTP server, smtp-server) on port 2525 of every address, and on port 8025
// `GET /messages`, what arrived: [{ to, raw (base64) }], for the test to parse.
import { createServer } from 'node:http';
import { startSmtpSink } from '../../services/newsletter/test/support/smtp-sink.js';
import { SMTP_SINK_HTTP_PORT, SMTP_SINK_PORT } from './ports.js';

const sink = await startSmtpSink({ host: '0.0.0.0', port: SMTP_SINK_PORT });
const http = createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/messages') {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(sink.received.map((mail) => ({ to: mail.to, raw: mail.raw.toString('base64') })));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
});
await new Promise<void>((resolve) => http.listen(SMTP_SINK_HTTP_PORT, '0.0.0.0', resolve));
process.stdout.write(`smtp sink: SMTP on ${sink.port}, what arrived on http://0.0.0.0:${SMTP_SINK_HTTP_PORT}/messages\n`);
const stop = () => void Promise.all([sink.close(), new Promise((resolve) => http.close(resolve))]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
