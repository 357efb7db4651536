import net from 'node:net';

/**
 * A TCP path to Postgres that can go silent: what is connected through it when `freeze()` is
 * called stops carrying bytes either way without closing (a dead route, a NAT that forgot the
 * connection); connections made after go through.
 */
export interface FreezableProxy {
  /** The database URL through the proxy. */
  url: string;
  /** `replies`: only Postgres's side goes silent (what the client sends still arrives). */
  freeze(which?: 'both' | 'replies'): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(databaseUrl: string): Promise<FreezableProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<[net.Socket, net.Socket]>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        pairs.delete(pair);
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze(which = 'both') {
      for (const [client, upstream] of pairs) {
        upstream.unpipe(client);
        upstream.pause();
        if (which === 'replies') continue;
        client.unpipe(upstream);
        client.pause();
      }
      pairs.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
