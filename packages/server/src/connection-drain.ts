import type { Server } from 'node:http';
import net from 'node:net';

/**
 * Lets a server's connections drain before it closes (ADR 018). It stops accepting at once but, unlike
 * `server.close()`, does not cut the connections that are idle right now: on a kept-alive connection "idle" may
 * mean the client's next request is already on the wire, and cutting it gives that client a reset. Each open
 * connection instead closes after its next response (they carry `Connection: close` once shutdown began); the wait
 * ends when none is left or after `maxMs`, when `app.close()` ends the truly idle ones.
 */
export function trackConnections(server: Server): { drain: (maxMs: number) => Promise<void> } {
  let open = 0;
  server.on('connection', (socket: net.Socket) => {
    open++;
    socket.once('close', () => open--);
  });
  return {
    drain: async (maxMs) => {
      // The listening socket only; http.Server's own close() would also end idle connections.
      if (server.listening) net.Server.prototype.close.call(server);
      const deadline = Date.now() + maxMs;
      while (open > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
