import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import type { CRM_OBJECT_TYPES } from '../../db/schema/crm-changes';
import { afterCursor, timelineAt, type TimelineKey } from '../../db/timeline-page';
import { scope, type Viewer } from '../access/scopes';
import type { CrmSource } from './crm-actor';

/** A record's history in the activity timeline ranks above its notes at the same instant. */
const HISTORY_RANK = 4;

/** One history row as people read it: ids of people, stages, pipelines, companies and contacts become names. */
export type HistoryEntry = {
  key: TimelineKey;
  actor: { id: string; name: string } | null;
  source: CrmSource;
  operation: 'create' | 'update' | 'delete';
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  /** The call an accepted suggestion came from, when the viewer sees that recording: "from the call on <date>". */
  fromCall: { recordingId: string; at: string } | null;
};

type Row = {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  source: CrmSource;
  operation: HistoryEntry['operation'];
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  call_id: string | null;
  call_at: string | null;
};

/** Shown for a company or contact the viewer does not see (its name is not theirs to learn). */
const HIDDEN_NAME = '(hidden)';

const personName = (alias: string): SQL =>
  sql.raw(`coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)`);

/**
 * A stored value as text people read, by its field: names at read time (a stage renamed since
 * shows its current name); a company or contact the viewer does not see shows as hidden.
 */
function readable(viewer: Viewer, field: SQL, value: SQL): SQL {
  const org = viewer.organizationId;
  return sql`case
    when ${value} is null then null
    when ${field} = 'owner_id' then (select ${personName('u')} from users u where u.id = ${value}::uuid and u.organization_id = ${org})
    when ${field} = 'crm_owner_id' then (select o.name from crm_owners o where o.id = ${value}::uuid and o.organization_id = ${org})
    when ${field} = 'pipeline_id' then (select p.label from pipelines p where p.id = ${value}::uuid and p.organization_id = ${org})
    when ${field} = 'stage_id' then (select s.label from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      where s.id = ${value}::uuid and p.organization_id = ${org})
    when ${field} = 'company_id' then coalesce(
      (select c.name from companies c where c.id = ${value}::uuid and ${scope.companies(viewer, 'c')}), ${HIDDEN_NAME})
    when ${field} = 'stakeholder' then coalesce(
      (select nullif(trim(ct.firstname || ' ' || ct.lastname), '') from contacts ct where ct.id = ${value}::uuid
        and ${scope.contacts(viewer, 'ct')}), ${HIDDEN_NAME})
    else ${value} end`;
}

/** The crm-changes module's reads of record_history, which only its triggers write (migration 0026). */
export function createRecordHistoryReads(db: DbOrTx) {
  return {
    /**
     * One record's history after `cursor`, newest first, at most `limit` entries. The caller has
     * checked that the viewer sees the record; the names in it are those the viewer may read.
     */
    async forRecord(
      viewer: Viewer,
      record: { type: (typeof CRM_OBJECT_TYPES)[number]; id: string },
      cursor: TimelineKey | null,
      limit: number,
    ): Promise<HistoryEntry[]> {
      const id = sql`lpad(h.id::text, 19, '0')`;
      const rows = await execute<Row>(
        db,
        sql`
        select ${id} as id, ${timelineAt(sql`h.created_at`)} as at, h.actor_id, ${personName('a')} as actor_name, h.source, h.operation,
          h.field, ${readable(viewer, sql`h.field`, sql`h.old_value`)} as old_value,
          ${readable(viewer, sql`h.field`, sql`h.new_value`)} as new_value,
          r.id as call_id, ${timelineAt(sql`coalesce(r.recorded_at, r.created_at)`)} as call_at
        from record_history h left join users a on a.id = h.actor_id
        left join recordings r on r.id = h.source_recording_id and ${scope.recordings(viewer, 'r')}
        where h.organization_id = ${viewer.organizationId} and h.record_type = ${record.type} and h.record_id = ${record.id}
          and ${afterCursor(cursor, HISTORY_RANK, sql`h.created_at`, id)}
        order by h.created_at desc, h.id desc limit ${limit}`,
      );
      return rows.map((r) => ({
        key: { at: r.at, rank: HISTORY_RANK, id: r.id },
        actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
        source: r.source,
        operation: r.operation,
        field: r.field,
        oldValue: r.old_value,
        newValue: r.new_value,
        fromCall: r.call_id && r.call_at ? { recordingId: r.call_id, at: r.call_at } : null,
      }));
    },
  };
}

export type RecordHistoryReads = ReturnType<typeof createRecordHistoryReads>;
