import pg from 'pg';
import type { ListenerStatus } from './client';

export const LISTEN_RETRY_MIN_MS = 250;
export const LISTEN_RETRY_MAX_MS = 10_000;

/** The wait before reconnect attempt `failures + 1`: 250 ms doubling up to 10 s. */
export const listenRetryDelayMs = (failures: number) => Math.min(LISTEN_RETRY_MIN_MS * 2 ** failures, LISTEN_RETRY_MAX_MS);

/** A query that fails with 'Query read timeout' when no answer comes within `ms` (a node-postgres option its types omit). */
const bounded = (text: string, ms: number): pg.QueryConfig => ({ text, query_timeout: ms }) as pg.QueryConfig;

export type ListenOptions = {
  /** Opening the connection (default 5 s). */
  connectTimeoutMs?: number;
  /** How often a listening connection is checked with a query (default 10 s). */
  checkEveryMs?: number;
  /** How long that query may wait for its answer (default 5 s). */
  checkTimeoutMs?: number;
};

/**
 * A dedicated connection (not from the pool: a pooled client would be handed to queries) that runs
 * LISTEN and reconnects with exponential backoff after any error or disconnect. A listening connection
 * only receives, so one the network lost without closing it (a partition) would look up for hours: it
 * is checked with a query every `checkEveryMs`, and one with no answer in time counts as lost.
 */
export function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onStatus: ((status: ListenerStatus) => void) | undefined,
  options: ListenOptions = {},
): { firstAttempt: Promise<void>; stop(): Promise<void> } {
  const { connectTimeoutMs = 5000, checkEveryMs = 10_000, checkTimeoutMs = 5000 } = options;
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  let failures = 0;
  let reported: ListenerStatus | undefined;
  const report = (status: ListenerStatus) => {
    if (stopped || reported === status) return;
    reported = status;
    onStatus?.(status);
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(check);
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      report('down');
      if (stopped) return;
      const delay = listenRetryDelayMs(failures);
      failures++;
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(bounded(`listen ${client.escapeIdentifier(channel)}`, checkTimeoutMs));
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return;
    failures = 0;
    report('up');
    let checking = false;
    check = setInterval(() => {
      if (checking) return;
      checking = true;
      // Ending a client whose query got no answer closes its socket (see onLost).
      client
        .query(bounded('select 1', checkTimeoutMs))
        .then(() => (checking = false))
        .catch(onLost);
    }, checkEveryMs);
    check.unref();
  };

  return {
    firstAttempt: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      clearInterval(check);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
