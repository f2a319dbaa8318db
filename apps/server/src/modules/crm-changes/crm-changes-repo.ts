import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { crmChanges, type CRM_OBJECT_TYPES, type CRM_OPERATIONS } from '../../db/schema/crm-changes';

export type CrmObjectType = (typeof CRM_OBJECT_TYPES)[number];
export type CrmOperation = (typeof CRM_OPERATIONS)[number];

/** One write to a deal, company or contact, as its outbox row says it. */
export type CrmChange = {
  organizationId: string;
  objectType: CrmObjectType;
  objectId: string;
  operation: CrmOperation;
  /** Column names the write set. */
  changedFields: string[];
  /** The record's version after the write, where the record has one. */
  version: number | null;
  /** The user who wrote, or null for the system. */
  actorId: string | null;
};

export type CrmChangeRecord = CrmChange & { id: number; createdAt: Date };

const columns = {
  id: crmChanges.id,
  organizationId: crmChanges.organizationId,
  objectType: crmChanges.objectType,
  objectId: crmChanges.objectId,
  operation: crmChanges.operation,
  changedFields: crmChanges.changedFields,
  version: crmChanges.version,
  actorId: crmChanges.actorId,
  createdAt: crmChanges.createdAt,
};

/** The crm_changes outbox. Record a change only on the transaction that makes it (see crm-write.ts). */
export function createCrmChangesRepo(db: DbOrTx) {
  return {
    async record(change: CrmChange): Promise<void> {
      await db.insert(crmChanges).values(change);
    },

    /** Changes after `afterId`, oldest first: what a consumer reads from its cursor. */
    async listAfter(afterId: number, limit = 100): Promise<CrmChangeRecord[]> {
      return db.select(columns).from(crmChanges).where(gt(crmChanges.id, afterId)).orderBy(asc(crmChanges.id)).limit(limit);
    },

    /** One record's changes, oldest first. */
    async listForObject(organizationId: string, objectType: CrmObjectType, objectId: string): Promise<CrmChangeRecord[]> {
      return db
        .select(columns)
        .from(crmChanges)
        .where(and(eq(crmChanges.organizationId, organizationId), eq(crmChanges.objectType, objectType), eq(crmChanges.objectId, objectId)))
        .orderBy(asc(crmChanges.id));
    },
  };
}

export type CrmChangesRepo = ReturnType<typeof createCrmChangesRepo>;
