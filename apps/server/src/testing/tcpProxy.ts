import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a server (PostgreSQL) that a test can stop and start again on the same port: while it is
 * stopped, new connections are refused and open ones are cut, as when the database server goes down.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private holed = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    if (this.server) return; // already relaying
    const server = createServer((client) => {
      // A connection accepted while stop() closes the server would keep close() waiting for ever: cut it.
      if (this.server !== server) {
        client.destroy();
        return;
      }
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      // Bytes are dropped while black-holed: both ends stay connected and nothing is ever answered.
      client.on('data', (chunk: Buffer) => {
        if (!this.holed) upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!this.holed) client.write(chunk);
      });
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => {
        if (this.server === server) this.server = null;
        reject(err);
      });
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  /**
   * Refuses new connections and cuts every open one: closed (FIN) as a server shutting down does, or with
   * `reset`, reset (RST: the clients read ECONNRESET) as a restarted host or a NAT dropping its state does.
   */
  async stop({ reset = false }: { reset?: boolean } = {}): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) {
      if (reset && !s.destroyed) s.resetAndDestroy();
      else s.destroy();
    }
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Black-holes the database: connections are still accepted and open ones stay open, but nothing passes
   * either way (a hung server, a dropped route): every statement and handshake waits for ever.
   */
  blackHole(): void {
    this.holed = true;
  }

  /** Ends the black hole: the connections that lost bytes are cut (their protocol state is broken), new ones pass. */
  restore(): void {
    this.holed = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** The URL with its host and port replaced by this relay's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }
}
