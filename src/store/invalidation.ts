// Tells every process sharing the store that a key was revoked or an account changed, so
// their key caches forget it at once. PostgreSQL carries the signal with LISTEN/NOTIFY;
// an embedded store has one serving process, so the signal stays in process.
import pg from 'pg';

export interface AuthInvalidation {
  /** Signals every process (this one included) to drop its cached keys. */
  publish(): Promise<void>;
  /** Registers what to do on a signal; also called when the signal may have been missed. */
  subscribe(listener: () => void): void;
  close(): Promise<void>;
}

export function localInvalidation(): AuthInvalidation {
  const listeners: (() => void)[] = [];
  return {
    publish: async () => listeners.forEach((l) => l()),
    subscribe: (l) => void listeners.push(l),
    close: async () => {},
  };
}

const RECONNECT_MS = 500;

/** The channel is per schema: several deployments may share one database. */
export function channelName(schema: string): string {
  // PostgreSQL cuts identifiers at 63 bytes; pg_notify refuses longer ones, so cut first.
  return `clinscribe_auth_${schema}`.slice(0, 63);
}

/**
 * One dedicated connection LISTENs; a lost connection drops every cache (a signal may have
 * been missed) and reconnects. Publishing goes through the shared pool.
 */
export async function postgresInvalidation(url: string, schema: string, pool: pg.Pool): Promise<AuthInvalidation> {
  const channel = channelName(schema);
  const listeners: (() => void)[] = [];
  const fire = () => listeners.forEach((l) => l());
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    retry = setTimeout(() => void connect().catch(scheduleReconnect), RECONNECT_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (client === next) {
        client = undefined;
        fire();
      }
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) fire();
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      gone = true;
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    // Anything revoked while nobody was listening is forgotten now.
    fire();
  };
  await connect();

  return {
    publish: async () => {
      await pool.query('select pg_notify($1, $2)', [channel, '']);
    },
    subscribe: (l) => void listeners.push(l),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
