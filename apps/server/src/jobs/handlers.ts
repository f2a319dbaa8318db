import { sql } from 'drizzle-orm';
import type { MailMessage, MailSender } from '../adapters/mail/mail-port';
import type { DatabaseKind, Db } from '../db/client';
import type { JobHandlers } from './worker';

export type JobDeps = { db: Db; kind: DatabaseKind; mail: MailSender };

/** Every job type the worker runs; feature modules add theirs here. */
export function jobHandlers(deps: JobDeps): JobHandlers {
  return {
    'maintenance.cleanup': async () => {
      await cleanupExpired(deps.db);
      // PGlite runs no autovacuum: without this, planner statistics go stale and index-only
      // scans (the deals totals) fall back to reading the table as data changes.
      if (deps.kind === 'pglite') await deps.db.execute(sql`vacuum (analyze)`);
    },
    'mail.send': (payload) => deps.mail.send(payload as MailMessage),
  };
}

/** Deletes expired sessions, codes, login attempts, stale rate-limit windows and old finished jobs. */
export async function cleanupExpired(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
  await db.execute(sql`delete from otp_codes where expires_at < now()`);
  await db.execute(sql`delete from oauth_states where expires_at < now()`);
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
}
