// LISTEN on PostgreSQL: a connection of its own (a pooled one would be handed to requests), opened
// again after it drops (a database restart), 1 s doubling to 30 s. Notices sent while it was down are
// lost: `reconnected` tells the listener, which tells its devices to pull anyway.
import pg from 'pg';

export interface Listener {
  /** A notice's payload. */
  notice(payload: string): void;
  /** The connection came back after a drop: notices may have been missed. */
  reconnected(): void;
}

export interface Listening {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** A database that accepts connections and never answers must not hold the server's start. */
const CONNECT_TIMEOUT_MS = 2_000;

export async function listenPostgres(url: string, channel: string, listener: Listener): Promise<Listening> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.notice(message.payload ?? '');
    });
    const dropped = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (!closed) retry();
    };
    next.on('error', dropped);
    next.on('end', dropped);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  };

  const retry = () => {
    timer = setTimeout(() => {
      connect().then(
        () => listener.reconnected(),
        () => {
          retryMs = Math.min(LAST_RETRY_MS, retryMs * 2);
          if (!closed) retry();
        },
      );
    }, retryMs);
    timer.unref();
  };

  // A database down at start does not stop the server (it answers 503 until the database is back):
  // listening starts with the first connection that succeeds.
  await connect().catch(() => retry());
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
