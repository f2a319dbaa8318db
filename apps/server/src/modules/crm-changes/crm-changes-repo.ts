import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
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

/**
 * Outbox ids are taken when a row is inserted, not when its transaction commits: a write whose
 * transaction commits after a later one's may land below the newest id already seen. The version
 * sums the ids of the workspace's newest rows, so a late commit among them still moves it (one
 * older than all of them, i.e. open while this many of the workspace's writes committed, would not).
 */
const LATE_COMMIT_WINDOW = 200;

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

    /**
     * A workspace's data version: a string that changes whenever a name its people may see or who
     * sees what changes. It covers every write to a deal, company or contact through its service
     * (the outbox's newest id, and the sum of its newest ids), the people and their hierarchy (the
     * users' count and newest updated_at) and a HubSpot import or sync (its progress row, updated
     * after each batch it writes, and its pipelines and owners), and Settings > Pipelines (each
     * pipeline's updated_at moves with any change to it or its stages). One statement of index probes.
     */
    async workspaceVersion(organizationId: string): Promise<string> {
      const [row] = await execute<{ version: string }>(
        db,
        sql`
        select concat_ws(':',
          (select coalesce(max(id), 0) || '+' || coalesce(sum(id), 0) from (
            select id from crm_changes where organization_id = ${organizationId} order by id desc limit ${LATE_COMMIT_WINDOW}) newest),
          (select count(*) || '/' || coalesce(max(updated_at)::text, '') from users where organization_id = ${organizationId}),
          (select string_agg(provider || '@' || updated_at::text, ',' order by provider)
            from workspace_integrations where organization_id = ${organizationId}),
          (select count(*) || '/' || coalesce(max(updated_at)::text, '') from pipelines where organization_id = ${organizationId})
        ) as version`,
      );
      return row!.version;
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
