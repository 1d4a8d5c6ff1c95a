import type { Socket } from 'node:net';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/**
 * WebSocket routes (`{ websocket: true }`), registered once at the root and BEFORE the auth hook: the plugin's
 * own onRequest hook then marks an upgrade before authentication can refuse it, so a refused upgrade's socket
 * is destroyed once its 401/403 is written. Closing the app terminates every open socket (no close handshake
 * to wait for) and destroys any upgrade still in flight, so `app.close()` never hangs on one.
 */
export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  const upgrading = new Set<Socket>();
  app.server.on('upgrade', (_req, socket: Socket) => {
    upgrading.add(socket);
    socket.once('close', () => upgrading.delete(socket));
  });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    preClose(done) {
      for (const client of app.websocketServer.clients) client.terminate();
      for (const socket of upgrading) socket.destroy();
      app.websocketServer.close(() => done());
    },
  });
}
