import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TCommandObjectType } from '@pipewise/contract/assistant';
import type { DbOrTx } from '../../../db/client';
import { pendingOperations, type PendingChange } from '../../../db/schema/assistant';

export type PendingOperationRecord = {
  id: string;
  organizationId: string;
  userId: string;
  operation: 'create' | 'update';
  objectType: TCommandObjectType;
  identifier: string;
  recordId: string | null;
  recordVersion: number | null;
  recordUpdatedAt: Date | null;
  values: Record<string, unknown>;
  changes: PendingChange[];
  expiresAt: Date;
  usedAt: Date | null;
};

export type NewPendingOperation = Omit<PendingOperationRecord, 'id' | 'usedAt' | 'expiresAt'> & { ttlMs: number };

const columns = {
  id: pendingOperations.id,
  organizationId: pendingOperations.organizationId,
  userId: pendingOperations.userId,
  operation: pendingOperations.operation,
  objectType: pendingOperations.objectType,
  identifier: pendingOperations.identifier,
  recordId: pendingOperations.recordId,
  recordVersion: pendingOperations.recordVersion,
  recordUpdatedAt: pendingOperations.recordUpdatedAt,
  values: pendingOperations.values,
  changes: pendingOperations.changes,
  expiresAt: pendingOperations.expiresAt,
  usedAt: pendingOperations.usedAt,
};

export function createPendingOperationsRepo(db: DbOrTx) {
  return {
    /** Stores a pending operation expiring `ttlMs` from the database's now (one clock for every API process). */
    async insert(op: NewPendingOperation): Promise<PendingOperationRecord> {
      const { ttlMs, ...values } = op;
      const [row] = await db
        .insert(pendingOperations)
        .values({ ...values, expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
        .returning(columns);
      return row as PendingOperationRecord;
    },

    /** The pending operation in the workspace, locked until the transaction ends (two yeses run one write). */
    async findForUpdate(organizationId: string, id: string): Promise<(PendingOperationRecord & { expired: boolean }) | null> {
      const [row] = await db
        .select({ ...columns, expired: sql<boolean>`${pendingOperations.expiresAt} <= now()` })
        .from(pendingOperations)
        .where(and(eq(pendingOperations.id, id), eq(pendingOperations.organizationId, organizationId)))
        .for('update');
      return (row as (PendingOperationRecord & { expired: boolean }) | undefined) ?? null;
    },

    /** Marks it used; false when it already was. */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(pendingOperations)
        .set({ usedAt: sql`now()` })
        .where(and(eq(pendingOperations.id, id), isNull(pendingOperations.usedAt)))
        .returning({ id: pendingOperations.id });
      return rows.length === 1;
    },

    /** Makes a claimed operation usable again (its write was refused before anything was written). */
    async release(id: string): Promise<void> {
      await db.update(pendingOperations).set({ usedAt: null }).where(eq(pendingOperations.id, id));
    },

    /** Drops a user's operations that expired a day ago or more: kept that long so a late yes still hears "expired". */
    async pruneExpired(userId: string): Promise<void> {
      await db
        .delete(pendingOperations)
        .where(and(eq(pendingOperations.userId, userId), lt(pendingOperations.expiresAt, sql`now() - interval '1 day'`)));
    },
  };
}

export type PendingOperationsRepo = ReturnType<typeof createPendingOperationsRepo>;
