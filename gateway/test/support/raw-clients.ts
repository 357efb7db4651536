// Clients that send by hand, from a chosen loopback address (all of 127/8 is this machine), to
// act as many readers or as one hostile one.
import { connect, type Socket } from 'node:net';

/** 127.a.b.c for the n-th client of a group (n from 0), so each client has its own address. */
export function loopbackAddress(group: number, n: number): string {
  return `127.${group}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export interface RawExchange {
  socket: Socket;
  /** Resolves with the status of the first answer (0 if the connection closed without one). */
  status: Promise<number>;
  /** Resolves once connected and `head` is written. */
  sent: Promise<void>;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  /** Resolves with the first answer's head, its header names lower-cased (empty if none came). */
  headers: Promise<Record<string, string>>;
}

/** Opens a connection from `localAddress`, writes `head` (and nothing after it unless told). */
export function openRaw(port: number, localAddress: string, head: string | Buffer = ''): RawExchange {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.on('error', () => {});
  let text = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    socket.once('close', () => resolve(0));
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const headers = new Promise<Record<string, string>>((resolve) => {
    const read = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', read);
      const lines = text.slice(0, end).split('\r\n').slice(1);
      resolve(Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])));
    };
    socket.on('data', read);
    socket.once('close', () => resolve({}));
  });
  const sent = new Promise<void>((resolve) => {
    socket.once('connect', () => (head.length > 0 ? socket.write(head, () => resolve()) : resolve()));
    socket.once('close', () => resolve());
  });
  return { socket, status, sent, closed, headers };
}

/** A request head that announces `length` body bytes (which never come unless written). */
export function stalledHead(method: string, path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${length}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export interface Attack {
  /** Requests answered so far, by status (0: closed without an answer). */
  answered: Map<number, number>;
  /** Connections opened so far. */
  opened: number;
  /** Resolves when the first connection of every client has sent its head. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * `clients` connections, one per address of `group`, each sending `head` and then nothing;
 * whenever one is closed, its client opens another at once (as an attacker would).
 */
export function stallForever(port: number, group: number, clients: number, head: string | Buffer): Attack {
  const answered = new Map<number, number>();
  const live = new Set<RawExchange>();
  let stopped = false;
  const first: Array<Promise<void>> = [];
  const attack: Attack = {
    answered,
    opened: 0,
    ready: Promise.resolve(),
    async stop() {
      stopped = true;
      for (const exchange of live) exchange.socket.destroy();
      await Promise.all([...live].map((exchange) => exchange.closed));
    },
  };
  const open = (n: number) => {
    if (stopped) return;
    const exchange = openRaw(port, loopbackAddress(group, n), head);
    attack.opened += 1;
    live.add(exchange);
    if (attack.opened <= clients) first.push(exchange.sent);
    void exchange.status.then((status) => answered.set(status, (answered.get(status) ?? 0) + 1));
    void exchange.closed.then(() => {
      live.delete(exchange);
      open(n);
    });
  };
  for (let n = 0; n < clients; n += 1) open(n);
  attack.ready = Promise.all(first).then(() => undefined);
  return attack;
}
