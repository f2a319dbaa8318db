import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { isOneOf } from './columns';

export const PROCESS_ROLES = ['api', 'worker', 'all'] as const;

/**
 * The server processes sharing this database, each with a heartbeat (runtime/processes.ts). A job's
 * `locked_by` and the names of an upload's files carry the id of the process writing them.
 */
export const serverProcesses = pgTable(
  'server_processes',
  {
    id: text('id').primaryKey(),
    role: text('role').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    /** Where the pid means something (boot, pid namespace) and the process's start time; null off Linux. */
    localKey: text('local_key'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the process clearing up after this one once it was found dead. */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (t) => [check('server_processes_role_check', isOneOf(sql`${t.role}`, PROCESS_ROLES))],
);
