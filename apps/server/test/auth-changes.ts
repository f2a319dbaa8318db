import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../src/db/client';
import type { Services } from '../src/services';
import { AUTH_CHANNEL } from '../src/modules/auth/session-cache';
import { waitFor } from './wait';

/**
 * Returns once the app's session cache has heard of every auth change committed so far, for a test
 * that changes users or sessions with SQL of its own and then expects the app to see it at once.
 * PGlite delivers a write's notifications before the write returns: nothing to wait for. On
 * PostgreSQL they reach the app's listener connection a moment after the commit, in commit order,
 * so a marker notified now arrives after all of them.
 */
export async function authChangesDelivered(
  services: Pick<Services, 'sessionCache'>,
  database: Pick<Database, 'kind' | 'db'>,
): Promise<void> {
  if (database.kind === 'pglite') return;
  const marker = `test-marker:${randomUUID()}`;
  const heard = vi.spyOn(services.sessionCache, 'onNotify');
  try {
    await database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${marker})`);
    await waitFor(() => heard.mock.calls.some(([payload]) => payload === marker), {
      timeoutMs: 5000,
      what: 'the app to hear the auth marker',
    });
  } finally {
    heard.mockRestore();
  }
}
