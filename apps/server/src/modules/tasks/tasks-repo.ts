import { sql, type SQL } from 'drizzle-orm';
import type { TTaskRecordType, TTaskStatus } from '@pipewise/contract/tasks';
import { execute, type DbOrTx } from '../../db/client';
import { scope, type Viewer } from '../access/scopes';

/** A task as read for a caller: who it is for and by, and the record it is about (the caller sees it, or the task is not read). */
export type TaskRow = {
  id: string;
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  status: TTaskStatus;
  completedAt: Date | null;
  createdAt: Date;
  assigneeId: string;
  assigneeName: string;
  /** The assignee's saved time zone, or null. */
  assigneeZone: string | null;
  createdBy: string | null;
  creatorName: string | null;
  record: { type: TTaskRecordType; id: string; name: string } | null;
};

export type TaskRecordRef = { type: TTaskRecordType; id: string };

export type TaskListFilter = {
  /** Only this assignee's tasks ("mine"). */
  assigneeId?: string;
  /** Only this record's tasks. */
  record?: TaskRecordRef;
  /** Only tasks due on or before this day (yyyy-mm-dd): today with the overdue ones. */
  dueBy?: string;
  status: TTaskStatus | 'all';
  limit: number;
  offset: number;
};

export type NewTask = {
  organizationId: string;
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  assigneeId: string;
  createdBy: string;
  record: TaskRecordRef | null;
};

export type TaskChanges = {
  title?: string;
  dueDate?: string | null;
  dueTime?: string | null;
  status?: TTaskStatus;
  assigneeId?: string;
};

type Raw = {
  id: string;
  title: string;
  due_date: string | Date | null;
  due_time: string | null;
  status: TTaskStatus;
  completed_at: string | Date | null;
  created_at: string | Date;
  assignee_id: string;
  assignee_name: string;
  assignee_zone: string | null;
  created_by: string | null;
  creator_name: string | null;
  deal_id: string | number | null;
  company_id: string | null;
  contact_id: string | null;
  record_name: string | null;
  total?: string | number;
};

const RECORD_COLUMN: Record<TTaskRecordType, string> = { deal: 'deal_id', company: 'company_id', contact: 'contact_id' };
const DEAL_ID = /^[0-9]{1,15}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a record of this type at all (deal ids are numbers, the others uuids): anything else is simply not found. */
export const isRecordId = (ref: TaskRecordRef): boolean => (ref.type === 'deal' ? DEAL_ID : UUID).test(ref.id);
export const isTaskId = (id: string): boolean => UUID.test(id);

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);
const day = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

function toRow(r: Raw): TaskRow {
  const record: TaskRow['record'] =
    r.deal_id !== null
      ? { type: 'deal', id: String(r.deal_id), name: r.record_name ?? '' }
      : r.company_id !== null
        ? { type: 'company', id: r.company_id, name: r.record_name ?? '' }
        : r.contact_id !== null
          ? { type: 'contact', id: r.contact_id, name: r.record_name ?? '' }
          : null;
  return {
    id: r.id,
    title: r.title,
    dueDate: day(r.due_date),
    dueTime: r.due_time,
    status: r.status,
    completedAt: r.completed_at === null ? null : new Date(r.completed_at),
    createdAt: new Date(r.created_at),
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    assigneeZone: r.assignee_zone,
    createdBy: r.created_by,
    creatorName: r.creator_name,
    record,
  };
}

/** The task columns with names, for a statement over `tasks t` that the caller's task scope already limits. */
const SELECT = sql`select t.id, t.title, t.due_date::text as due_date, t.due_time, t.status, t.completed_at, t.created_at,
    t.assignee_id, ${personName('a')} as assignee_name, a.time_zone as assignee_zone,
    t.created_by, ${personName('cb')} as creator_name, t.deal_id, t.company_id, t.contact_id,
    coalesce(rd.dealname, rc.name, nullif(trim(rp.firstname || ' ' || rp.lastname), ''), rp.email) as record_name`;
const FROM = sql`from tasks t join users a on a.id = t.assignee_id left join users cb on cb.id = t.created_by
    left join deals rd on rd.id = t.deal_id left join companies rc on rc.id = t.company_id left join contacts rp on rp.id = t.contact_id`;

export function createTasksRepo(db: DbOrTx) {
  async function find(viewer: Viewer, id: string): Promise<TaskRow | null> {
    if (!isTaskId(id)) return null;
    const [row] = await execute<Raw>(db, sql`${SELECT} ${FROM} where t.id = ${id} and ${scope.tasks(viewer, 't')}`);
    return row ? toRow(row) : null;
  }

  return {
    find,

    /** A page of the tasks the viewer reads that match the filter, and how many match in all. */
    async list(viewer: Viewer, filter: TaskListFilter): Promise<{ rows: TaskRow[]; total: number }> {
      const where: SQL[] = [scope.tasks(viewer, 't')];
      if (filter.assigneeId) where.push(sql`t.assignee_id = ${filter.assigneeId}`);
      if (filter.record) where.push(sql`${sql.raw(`t.${RECORD_COLUMN[filter.record.type]}`)} = ${filter.record.id}`);
      if (filter.dueBy) where.push(sql`t.due_date <= ${filter.dueBy}::date`);
      if (filter.status !== 'all') where.push(sql`t.status = ${filter.status}`);
      const rows = await execute<Raw>(
        db,
        sql`${SELECT}, count(*) over () as total ${FROM} where ${sql.join(where, sql` and `)}
          order by t.status = 'done', t.due_date nulls last, t.due_time nulls last, t.created_at, t.id
          limit ${filter.limit} offset ${filter.offset}`,
      );
      return { rows: rows.map(toRow), total: rows.length ? Number(rows[0]!.total) : 0 };
    },

    /** Whether the viewer sees the deal, company or contact (the visibility rule, decision 13). */
    async recordSeen(viewer: Viewer, ref: TaskRecordRef): Promise<boolean> {
      if (!isRecordId(ref)) return false;
      const statement =
        ref.type === 'deal'
          ? sql`select 1 as ok from deals d where d.id = ${Number(ref.id)} and ${scope.deals(viewer, 'd')}`
          : ref.type === 'company'
            ? sql`select 1 as ok from companies c where c.id = ${ref.id} and ${scope.companies(viewer, 'c')}`
            : sql`select 1 as ok from contacts c where c.id = ${ref.id} and ${scope.contacts(viewer, 'c')}`;
      return (await execute(db, statement)).length > 0;
    },

    /** A user's saved time zone (null when none was saved, or no such user in the workspace). */
    async zoneOf(organizationId: string, userId: string): Promise<string | null> {
      const [row] = await execute<{ time_zone: string | null }>(
        db,
        sql`select time_zone from users where id = ${userId} and organization_id = ${organizationId}`,
      );
      return row?.time_zone ?? null;
    },

    async insert(task: NewTask): Promise<string> {
      const ref = task.record;
      const [row] = await execute<{ id: string }>(
        db,
        sql`insert into tasks (organization_id, title, due_date, due_time, assignee_id, created_by, deal_id, company_id, contact_id)
          values (${task.organizationId}, ${task.title}, ${task.dueDate}::date, ${task.dueTime}, ${task.assigneeId}, ${task.createdBy},
            ${ref?.type === 'deal' ? Number(ref.id) : null}, ${ref?.type === 'company' ? ref.id : null}::uuid,
            ${ref?.type === 'contact' ? ref.id : null}::uuid)
          returning id`,
      );
      return row!.id;
    },

    async update(organizationId: string, id: string, changes: TaskChanges, now: Date): Promise<void> {
      const sets: SQL[] = [sql`updated_at = ${now.toISOString()}::timestamptz`];
      if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
      if (changes.dueDate !== undefined) sets.push(sql`due_date = ${changes.dueDate}::date`);
      if (changes.dueTime !== undefined) sets.push(sql`due_time = ${changes.dueTime}`);
      if (changes.assigneeId !== undefined) sets.push(sql`assignee_id = ${changes.assigneeId}`);
      if (changes.status !== undefined) {
        sets.push(sql`status = ${changes.status}`);
        sets.push(
          changes.status === 'done'
            ? sql`completed_at = coalesce(completed_at, ${now.toISOString()}::timestamptz)`
            : sql`completed_at = null`,
        );
      }
      await execute(db, sql`update tasks set ${sql.join(sets, sql`, `)} where id = ${id} and organization_id = ${organizationId}`);
    },

    async remove(organizationId: string, id: string): Promise<void> {
      await execute(db, sql`delete from tasks where id = ${id} and organization_id = ${organizationId}`);
    },
  };
}

export type TasksRepo = ReturnType<typeof createTasksRepo>;
