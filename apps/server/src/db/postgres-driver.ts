import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { markFromDatabase } from '../lib/db-errors';
import { redactConnectionString } from '../lib/redact';
import { DatabaseStartError, type Database, type Db } from './client';
import { inLongQueries, withLongQueries } from './long-queries';
import { listenPostgres } from './postgres-listener';
import * as schema from './schema';

/** Any number of processes may start at once: the first to take this lock migrates. */
const STARTUP_LOCK = 7260431;

const isBegin = (query: unknown) =>
  /^\s*begin\b/i.test(typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''));

/** How long PostgreSQL may take before the API gives up on it (see config.ts, DATABASE_*_TIMEOUT_MS). */
export type PostgresTimeouts = {
  /** Opening one connection: TCP, TLS and sign-in. */
  connectMs: number;
  /** Waiting for a pooled connection, opening a new one included. */
  acquireMs: number;
  /** One query of a request, or of anything else outside withLongQueries; 0 for no limit. */
  queryMs: number;
  /** One query under withLongQueries (jobs, migrations, seeding); 0 for no limit. */
  jobQueryMs: number;
};

/** No query limit, as tools and benchmarks that load large data sets want; the server passes its settings. */
const DEFAULT_TIMEOUTS: PostgresTimeouts = { connectMs: 5000, acquireMs: 5000, queryMs: 0, jobQueryMs: 0 };
/** The longest timer Node keeps: "no limit" for a query under one scope while the other has one. */
const NO_LIMIT = 2 ** 31 - 1;

/**
 * node-postgres's error for a query that got no answer within its `query_timeout`. It leaves the query on
 * the connection (the server may still answer it), so the connection is closed here: given back as it was,
 * the next caller's queries would queue behind a query that may never end.
 */
const isReadTimeout = (e: unknown) => e instanceof Error && e.message === 'Query read timeout';
/** Clients closed after a query of theirs ran out of time, with that error: they fail at once from then on. */
const timedOut = new WeakMap<pg.ClientBase, Error>();

function closeAfterTimeout(client: pg.ClientBase, e: Error) {
  timedOut.set(client, e);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** The query's text or config with a client-side time limit, unless it carries its own. */
function limited(config: unknown, ms: number): unknown {
  if (typeof config === 'string') return { text: config, query_timeout: ms };
  if (!config || typeof config !== 'object') return config;
  // A Submittable (a cursor, a stream) is used as the query itself: it keeps what it has.
  if (typeof (config as { submit?: unknown }).submit === 'function' || 'query_timeout' in config) return config;
  return { ...config, query_timeout: ms };
}

const clientQuery = pg.Client.prototype.query as (this: pg.ClientBase, ...args: unknown[]) => unknown;

/**
 * A client taken for a transaction (or the startup lock); `limit` gives the time limit of a query started now.
 *
 * Drizzle's transaction() sends BEGIN before the try/finally that gives the client back: when BEGIN fails
 * (the server went away, or is restarting), the client was never given back and the pool stayed a
 * connection short for good; after a few restarts every query waited for a connection that never came.
 * Here a failed BEGIN gives the client back as broken (the pool drops it), and a second release of the
 * same checkout is ignored. A query that runs out of time closes the connection; the ROLLBACK Drizzle sends
 * next fails at once with the same error, and the client is given back as broken.
 */
function guardedCheckout(client: pg.PoolClient, limit: () => number | undefined): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release(err || timedOut.get(client));
  };
  // Set on every checkout (the client object is reused), so wrappers never pile up.
  client.query = ((...args: unknown[]) => {
    const failed = timedOut.get(client);
    const withCallback = typeof args[args.length - 1] === 'function';
    if (failed && !withCallback) return Promise.reject(failed);
    const ms = limit();
    if (ms !== undefined) args[0] = limited(args[0], ms);
    const result = clientQuery.apply(client, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((e: unknown) => {
      if (isReadTimeout(e)) closeAfterTimeout(client, e as Error);
      if (isBegin(args[0])) client.release(e instanceof Error ? e : true);
      throw e;
    });
  }) as pg.PoolClient['query'];
  return client;
}

/** A failure to take a connection, as the database's own error (see isDatabaseUnavailable). */
function connectFailure(e: unknown): unknown {
  // The client's own connect timer says only this: named as node-postgres names the pool's.
  const failure =
    e instanceof Error && e.message === 'timeout expired' ? new Error('Connection terminated due to connection timeout', { cause: e }) : e;
  return markFromDatabase(failure);
}

/**
 * A pool of `poolSize` connections to `url`; fails with a DatabaseStartError (password hidden) when unreachable.
 * `timeouts` bound every wait on the server: a database that stops answering without closing its connections
 * (a network partition, a hung server) fails requests in seconds, as one that refuses them does.
 */
export async function openPostgres(url: string, poolSize = 10, timeouts: Partial<PostgresTimeouts> = {}): Promise<Database> {
  const { connectMs, acquireMs, queryMs, jobQueryMs } = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const anyLimit = queryMs > 0 || jobQueryMs > 0;
  /** The time limit of a query started now: the scope is read in the caller's context, before any wait for a connection. */
  const limit = () => {
    if (!anyLimit) return undefined;
    const ms = inLongQueries() ? jobQueryMs : queryMs;
    return ms > 0 ? ms : NO_LIMIT;
  };
  /** Each connection gets `connectMs` to open; the pool waits `acquireMs` for one, old or new. */
  class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      const own: pg.ClientConfig = { ...config, connectionTimeoutMillis: connectMs };
      // The pool keeps a password given apart from the URL out of its options' enumerable keys.
      if (config?.password !== undefined) own.password = config.password;
      super(own);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: acquireMs, Client: BoundedClient });
  pool.on('error', () => {
    // An idle client lost its connection; the pool drops it, and the next query reconnects and reports errors itself.
  });
  pool.on('connect', (client) => {
    // A client taken from the pool (a transaction) whose server goes away between two queries emits
    // 'error' with no listener of the pool's: unheard, it would end the process. Its next query fails
    // instead, and the pool drops it when it comes back, as it does with any client that cannot query.
    client.on('error', () => undefined);
  });
  // Failing to take a connection (the server down, restarting or not answering) is the database's error,
  // told apart from the same socket error of a call to another service (see isDatabaseUnavailable). Query
  // errors come wrapped by Drizzle, which says so already.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback
      ? connect((err, client, done) => callback(err ? (connectFailure(err) as Error) : err, client, done))
      : connect().then(
          (client) => guardedCheckout(client, limit),
          (e: unknown) => Promise.reject(connectFailure(e)),
        )) as typeof pool.connect;
  // A query on the pool (outside a transaction) takes its limit now: the connection may come later, from
  // another caller's release. When it runs out, the pool closes that connection (it is still busy).
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const ms = limit();
    if (ms !== undefined) args[0] = limited(args[0], ms);
    return poolQuery(...args);
  }) as typeof pool.query;
  try {
    await pool.query('select 1');
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new DatabaseStartError(
      `Cannot connect to PostgreSQL at DATABASE_URL (${redactConnectionString(url)}): ${(e as Error).message || String(e)}`,
    );
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    // Migrations and seeding run long statements, and the lock waits for another process's migrations.
    withStartupLock: (fn) =>
      withLongQueries(async () => {
        const client = await pool.connect();
        try {
          await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
          return await fn();
        } finally {
          await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => undefined);
          client.release();
        }
      }),
    listen: async (channel, onMessage, onStatus) => {
      const listener = listenPostgres(url, channel, onMessage, onStatus, {
        connectTimeoutMs: connectMs,
        checkTimeoutMs: queryMs > 0 ? queryMs : undefined,
      });
      const stop = async () => {
        listeners.delete(stop);
        await listener.stop();
      };
      listeners.add(stop);
      await listener.firstAttempt;
      return stop;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
