// Requests handed to a Node HTTP handler without a socket: a real IncomingMessage and
// ServerResponse over a stream that drops what is written. What it measures is the handler's own
// work (the gateway's JavaScript and Node's HTTP writing), with no kernel, no client and no
// load generator in the figure: steady when other processes share the machine.
import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

class DroppingSocket extends Duplex {
  readonly remotePort = 40_000;
  readonly encrypted = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  override _read(): void {}
  override _write(_chunk: unknown, _encoding: unknown, done: () => void): void {
    done();
  }
  override _writev(_chunks: unknown, done: () => void): void {
    done();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

/** One request without a body; resolves with the answer's status once it is written. */
export function requestInMemory(handler: RequestListener, method: string, url: string, headers: Record<string, string>, clientAddress: string): Promise<number> {
  const socket = new DroppingSocket(clientAddress) as unknown as Socket;
  const req = new IncomingMessage(socket);
  req.method = method;
  req.url = url;
  req.headers = headers;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.push(null);
  const res = new ServerResponse(req);
  res.assignSocket(socket);
  return new Promise((done) => {
    res.once('finish', () => {
      // As Node's server does once an answer is written: the response closes.
      res.detachSocket(socket);
      process.nextTick(() => res.emit('close'));
      done(res.statusCode);
    });
    handler(req, res);
  });
}
