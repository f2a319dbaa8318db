import pg from 'pg';
import type { ListenerStatus } from './client';

export const LISTEN_RETRY_MIN_MS = 250;
export const LISTEN_RETRY_MAX_MS = 10_000;

/** The wait before reconnect attempt `failures + 1`: 250 ms doubling up to 10 s. */
export const listenRetryDelayMs = (failures: number) => Math.min(LISTEN_RETRY_MIN_MS * 2 ** failures, LISTEN_RETRY_MAX_MS);

/**
 * A dedicated connection (not from the pool: a pooled client would be handed to queries) that runs
 * LISTEN and reconnects with exponential backoff after any error or disconnect.
 */
export function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onStatus: ((status: ListenerStatus) => void) | undefined,
): { firstAttempt: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let reported: ListenerStatus | undefined;
  const report = (status: ListenerStatus) => {
    if (stopped || reported === status) return;
    reported = status;
    onStatus?.(status);
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
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
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return;
    failures = 0;
    report('up');
  };

  return {
    firstAttempt: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
