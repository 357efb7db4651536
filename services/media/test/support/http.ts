import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose path is sent byte for byte (fetch would normalise `..` away). */
export function rawGet(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (part: Buffer) => chunks.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface StreamedUpload {
  status: number;
  body: string;
  /** How much of the body had been sent when the answer came. */
  sentWhenAnswered: number;
  total: number;
}

/**
 * Streams a multipart body of `fileBytes` bytes (1 MB at a time), with or without a declared
 * length, and records when the server answers. With `holdAtBytes` it pauses there for 5 s. Writes after the answer may fail: the server
 * is allowed to close the connection.
 */
export function streamUpload(base: string, token: string, fileBytes: number, declareLength: boolean, holdAtBytes = Infinity): Promise<StreamedUpload> {
  const url = new URL('/api/uploads/image', base);
  const boundary = '----coinmagtestboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (declareLength) headers['content-length'] = String(total);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on('data', (part: Buffer) => chunks.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered, total }));
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = Buffer.alloc(1024 * 1024, 0xab);
    let held = false;
    const pump = () => {
      if (answered || req.destroyed) return;
      if (!held && sent >= holdAtBytes) {
        // Stop sending for a while: a server that needs the rest of the body to answer shows it here.
        held = true;
        setTimeout(pump, 5000);
        return;
      }
      if (sent === 0) {
        req.write(head);
        sent += head.length;
      }
      const remaining = head.length + fileBytes - sent;
      if (remaining <= 0) {
        req.end(tail);
        sent += tail.length;
        return;
      }
      const part = remaining >= piece.length ? piece : piece.subarray(0, remaining);
      sent += part.length;
      if (req.write(part)) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}
