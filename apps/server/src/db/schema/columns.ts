import { sql, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A CHECK that `value` is one of `allowed` (an enum would also refuse the upper-case roles that
 * `isAdminRole` accepts). The list is written into the migration as literals, so changing it here
 * shows up as a schema change in `db:generate`.
 */
export const isOneOf = (value: SQL, allowed: readonly string[]): SQL =>
  sql`${value} in (${sql.raw(allowed.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
