// Tells every process sharing the store what its in-process caches must forget: revoked keys
// and changed accounts (the key cache), deleted resources (the result cache). PostgreSQL
// carries the signal with LISTEN/NOTIFY; an embedded store keeps it in process, and the
// caches' short lifetimes bound what another process on the same file can miss.
import pg from 'pg';

/** What changed: every cached key (a revocation, an account change), or these resources. */
export type Invalidated = { keys: true } | { resources: readonly string[] };

/** Called with what changed, or with nothing when a signal may have been missed: forget everything. */
export type InvalidationListener = (message: Invalidated | undefined) => void;

export interface Invalidation {
  /** Signals every process (this one included). */
  publish(message: Invalidated): Promise<void>;
  subscribe(listener: InvalidationListener): void;
  /** False while signals cannot arrive (the listening connection is down): caches must not answer. */
  readonly live: boolean;
  close(): Promise<void>;
}

export function localInvalidation(): Invalidation {
  const listeners: InvalidationListener[] = [];
  return {
    publish: async (message) => listeners.forEach((l) => l(message)),
    subscribe: (l) => void listeners.push(l),
    live: true,
    close: async () => {},
  };
}

const RECONNECT_MS = 500;
/** pg_notify refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RESOURCES_PREFIX = 'resources:';

/**
 * The channel is per schema: several deployments may share one database. It keeps the name it
 * had when it carried key revocations only, so nodes of the previous version still hear them.
 */
export function channelName(schema: string): string {
  // PostgreSQL cuts identifiers at 63 bytes; pg_notify refuses longer ones, so cut first.
  return `clinscribe_auth_${schema}`.slice(0, 63);
}

/** NOTIFY payloads: '' for keys (what the previous version sent), else resource ids in chunks that fit. */
export function encode(message: Invalidated): string[] {
  if ('keys' in message) return [''];
  const payloads: string[] = [];
  let current = '';
  for (const id of message.resources) {
    if (current && current.length + id.length + 1 > MAX_PAYLOAD - RESOURCES_PREFIX.length) {
      payloads.push(RESOURCES_PREFIX + current);
      current = '';
    }
    current = current ? `${current},${id}` : id;
  }
  if (current) payloads.push(RESOURCES_PREFIX + current);
  return payloads;
}

/** A payload this or another version sent; anything unknown is taken as a key revocation (the safe reading). */
export function decode(payload: string): Invalidated {
  if (payload.startsWith(RESOURCES_PREFIX)) return { resources: payload.slice(RESOURCES_PREFIX.length).split(',') };
  return { keys: true };
}

/**
 * A connection LISTENing on `channel`: `notified` with each decoded signal, `lost` once when the
 * connection errs or ends after it was up. A connection that fails to come up is closed and throws.
 */
async function listenOn(url: string, channel: string, on: { notified: (m: Invalidated) => void; lost: (client: pg.Client) => void }): Promise<pg.Client> {
  // Keep-alive probes notice a peer that vanished without closing the connection.
  const next = new pg.Client({ connectionString: url, keepAlive: true });
  let gone = false;
  const lost = () => {
    if (gone) return;
    gone = true;
    next.end().catch(() => {});
    on.lost(next);
  };
  next.on('notification', (message) => {
    if (message.channel === channel) on.notified(decode(message.payload ?? ''));
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
  return next;
}

/**
 * One dedicated connection LISTENs; a lost connection drops every cache (a signal may have
 * been missed), keeps them off until it is back, and reconnects. Publishing goes through the
 * shared pool.
 */
export async function postgresInvalidation(url: string, schema: string, pool: pg.Pool): Promise<Invalidation> {
  const channel = channelName(schema);
  const listeners: InvalidationListener[] = [];
  const fire = (message: Invalidated | undefined) => listeners.forEach((l) => l(message));
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    retry = setTimeout(() => void connect().catch(scheduleReconnect), RECONNECT_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    client = await listenOn(url, channel, {
      notified: fire,
      lost: (gone) => {
        if (client === gone) {
          client = undefined;
          fire(undefined);
        }
        scheduleReconnect();
      },
    });
    // Anything changed while nobody was listening is forgotten now.
    fire(undefined);
  };
  await connect();

  return {
    publish: async (message) => {
      for (const payload of encode(message)) await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe: (l) => void listeners.push(l),
    get live() {
      return client !== undefined;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
