import net from 'node:net';
import tls from 'node:tls';

/**
 * A relay that misbehaves on purpose: a real TCP server whose every byte the test writes
 * (replies split anywhere, several in one packet, garbage, a STARTTLS answer with more after it),
 * for what smtp-server, being correct, never does.
 */
export interface ScriptedPeer {
  /** The next line the client sent (without its CRLF). */
  line(): Promise<string>;
  write(bytes: string | Buffer): Promise<void>;
  /** The same connection from now on in TLS, as the server's side of STARTTLS. */
  startTls(credentials: { key: string; cert: string }): Promise<void>;
  /** Whether the client has closed or reset the connection. */
  readonly closed: boolean;
  /** Bytes written to the client so far. */
  readonly written: number;
  end(): void;
}

export interface ScriptedRelay {
  port: number;
  /** What each connection's script threw (an assertion of the relay's side). */
  errors: Error[];
  close(): Promise<void>;
}

/** What `line()` throws once the client has gone: the script ends there, not an error of the test. */
class ClientClosed extends Error {}

export async function startScriptedRelay(script: (peer: ScriptedPeer, index: number) => Promise<void>): Promise<ScriptedRelay> {
  const errors: Error[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((raw) => {
    sockets.add(raw);
    let socket: net.Socket = raw;
    let buffered = '';
    let waiting: ((line: string) => void) | undefined;
    let closed = false;
    let written = 0;
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      deliver();
    };
    const deliver = () => {
      const end = buffered.indexOf('\r\n');
      if (end < 0 || !waiting) return;
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const resolve = waiting;
      waiting = undefined;
      resolve(line);
    };
    const listen = (target: net.Socket) => {
      target.on('data', onData);
      target.on('error', () => undefined);
      target.on('close', () => {
        closed = true;
        sockets.delete(raw);
      });
    };
    listen(raw);
    const peer: ScriptedPeer = {
      line: () =>
        new Promise((resolve, reject) => {
          if (closed) return reject(new ClientClosed());
          waiting = resolve;
          socket.once('close', () => reject(new ClientClosed()));
          deliver();
        }),
      write: (bytes) =>
        new Promise((resolve) => {
          if (closed || socket.destroyed) return resolve();
          written += Buffer.byteLength(bytes);
          // After a write that failed, yield to the loop: the socket's close is seen there.
          socket.write(bytes, (err) => (err ? setImmediate(resolve) : resolve()));
        }),
      async startTls(credentials) {
        raw.off('data', onData);
        const secure = new tls.TLSSocket(raw, { isServer: true, ...credentials });
        socket = secure;
        listen(secure);
        await new Promise<void>((resolve) => secure.once('secure', () => resolve()));
      },
      get closed() {
        return closed || socket.destroyed;
      },
      get written() {
        return written;
      },
      end: () => socket.end(),
    };
    const index = connections++;
    script(peer, index).catch((err: Error) => {
      if (!(err instanceof ClientClosed)) errors.push(err);
      raw.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes `text` one byte at a time, each in its own TCP segment as far as the client can tell. */
export async function writeByteByByte(peer: ScriptedPeer, text: string): Promise<void> {
  for (const byte of Buffer.from(text, 'utf8')) {
    await peer.write(Buffer.from([byte]));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
