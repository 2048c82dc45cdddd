import net from 'node:net';

/** A TCP proxy between the server and PostgreSQL that a test can cut and restore, to stage a database outage. */
export type TcpProxy = {
  port: number;
  /**
   * Cuts the link: open connections are reset, and new ones are reset at once (`reset`: the database is down) or
   * accepted and never answered (`hang`: a network partition, where only a connect timeout helps).
   */
  cut: (mode?: 'reset' | 'hang') => void;
  restore: () => void;
  close: () => Promise<void>;
};

/** Starts a proxy on a free local port forwarding every connection to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'reset' | 'hang' = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset is the point of the exercise; an unhandled socket error would end the test runner.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut: (cutMode = 'reset') => {
      mode = cutMode;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore: () => {
      // Connections accepted while hanging never reached the database; end them so their clients retry.
      for (const socket of sockets) socket.destroy();
      mode = 'open';
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
