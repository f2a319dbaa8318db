import { RECORD_HISTORY_SOURCES } from '../../db/schema/crm-changes';
import type { CrmChange, CrmObjectType, CrmOperation } from './crm-changes-repo';

/**
 * Where a CRM write came from, as its history shows it: a screen (the default for a signed-in
 * caller), the assistant, WhatsApp, an accepted call suggestion, a HubSpot sync, or another API client.
 */
export type CrmSource = (typeof RECORD_HISTORY_SOURCES)[number];

/**
 * Who makes a CRM write: a user of the workspace, or the system (`id` null), e.g. a sync; and
 * where it came from (`source`; a user's write without one came from a screen, the system's from a sync).
 */
export type CrmActor = {
  id: string | null;
  organizationId: string;
  source?: CrmSource;
  /** The recording an accepted call suggestion came from: the history says "from the call on <date>". */
  sourceRecordingId?: string;
};

/** The source a write is recorded with. */
export const sourceOf = (actor: CrmActor): CrmSource => actor.source ?? (actor.id ? 'screen' : 'hubspot_sync');

/** The same actor, acting from `source` (e.g. a caller whose command the assistant runs). */
export const actingFrom = <A extends CrmActor>(actor: A, source: CrmSource, sourceRecordingId?: string): A => ({
  ...actor,
  source,
  ...(sourceRecordingId ? { sourceRecordingId } : {}),
});

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
