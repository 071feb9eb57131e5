import pg from 'pg';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const LISTEN_RETRY_MS = 1000;

/** PostgreSQL delivers a NOTIFY to the connections that LISTEN, so the listener keeps one of its own. */
export async function listenOnOwnConnection(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    // A lost connection (a server restart) is opened again; meanwhile the listener's fallback runs.
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      scheduleRetry();
    };
    c.on('error', lost);
    c.on('end', lost);
  };
  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(scheduleRetry), LISTEN_RETRY_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * PGlite is one session behind the socket: LISTEN there covers every connection, and PGlite hands
 * a notification to whichever connection ran the COMMIT, so every connection of the pool listens.
 */
export async function listenOnSharedSession(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const onNotification = (n: pg.Notification) => {
    if (n.channel === channel) onNotify(n.payload ?? '');
  };
  const clients = new Set<pg.PoolClient>();
  const onConnect = (client: pg.PoolClient) => {
    clients.add(client);
    client.on('notification', onNotification);
    client.once('end', () => clients.delete(client));
  };
  pool.on('connect', onConnect);
  // Connections opened before this call: each is handed out once here to get its listener.
  const conn = await pool.connect();
  try {
    if (!clients.has(conn)) onConnect(conn);
    await conn.query(`LISTEN ${quoteIdent(channel)}`);
  } finally {
    conn.release();
  }
  // The session keeps listening (another listener in this process may share the channel); a
  // notification nobody handles is dropped by pg.
  return async () => {
    pool.off('connect', onConnect);
    for (const client of clients) client.off('notification', onNotification);
    clients.clear();
  };
}
