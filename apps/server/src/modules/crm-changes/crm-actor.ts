import type { CrmChange, CrmObjectType, CrmOperation } from './crm-changes-repo';

/** Who makes a CRM write: a user of the workspace, or the system (`id` null), e.g. a sync. */
export type CrmActor = { id: string | null; organizationId: string };

/** The column names a write sets, in the order given, for the change record (`columns`: the table's, by key). */
const columnNames = <K extends string>(fields: Partial<Record<K, unknown>>, columns: Record<K, { name: string }>): string[] =>
  (Object.keys(fields) as K[]).filter((k) => fields[k] !== undefined).map((k) => columns[k].name);

/** The outbox row of one write: what `actor` did to which record, with the columns `fields` set. */
export function crmChange<K extends string>(
  actor: CrmActor,
  object: { type: CrmObjectType; id: string | number },
  operation: CrmOperation,
  fields: Partial<Record<K, unknown>>,
  columns: Record<K, { name: string }>,
  version: number | null = null,
): CrmChange {
  return {
    organizationId: actor.organizationId,
    objectType: object.type,
    objectId: String(object.id),
    operation,
    changedFields: columnNames(fields, columns),
    version,
    actorId: actor.id,
  };
}
