import pg from 'pg';

const RECONNECT_MS = 2000;

/**
 * LISTEN on PostgreSQL needs a connection of its own (a pooled one goes back to the pool and stops
 * hearing). This one reconnects after any error; notifications sent while it is down are lost, which
 * is why every listener also polls.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    client = null;
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    // A black-holed server never answers the handshake: give up and retry rather than wait forever.
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on('notification', (m) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    // Without an error listener a dropped connection would crash the process.
    c.on('error', (err) => {
      if (!stopped) onError?.(err);
      c.end().catch(() => {});
      if (client === c) reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
    } catch (err) {
      if (!stopped) onError?.(err as Error);
      c.end().catch(() => {});
      reconnectLater();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
