import {
  TASK_MESSAGES,
  type TTask,
  type TTaskCreateBody,
  type TTasksQuery,
  type TTasksResponse,
  type TTaskUpdateBody,
} from '@pipewise/contract/tasks';
import { badRequest, notFound } from '../../lib/http-error';
import type { AccessRules, Caller } from '../access/access-rules';
import { assertCan } from '../access/policies';
import { dueState, knownZone, wallClock } from './task-days';
import type { TaskRecordRef, TaskRow, TasksRepo } from './tasks-repo';

const DEFAULT_PAGE_SIZE = 25;

/** Where the request came from: the browser's zone (X-Timezone), used for the caller's days while they saved none. */
export type TaskContext = { timeZone?: string };

/** A task as the routes answer it, its due state read on the assignee's clock. */
function toTask(row: TaskRow, now: Date, zone: string): TTask {
  const open = row.status === 'open';
  const { dueToday, overdue } = dueState(row, now, zone);
  return {
    id: row.id,
    title: row.title,
    due_date: row.dueDate,
    due_time: row.dueTime,
    time_zone: zone,
    status: row.status,
    overdue: open && overdue,
    due_today: open && dueToday,
    assignee: { id: row.assigneeId, name: row.assigneeName },
    created_by: row.createdBy && row.creatorName ? { id: row.createdBy, name: row.creatorName } : null,
    record: row.record,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export type TasksServiceDeps = {
  repo: TasksRepo;
  access: Pick<AccessRules, 'canSeeUser'>;
  now?: () => Date;
};

/**
 * Tasks (issue 29, item 7). The assignee, the creator and everyone above the assignee read and edit
 * a task (admins: the workspace), and only while they see the record it is about (scopes.ts).
 * Assigning goes through the policy's `task.assign`: yourself, someone below you, an admin anyone.
 */
export function createTasksService(deps: TasksServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  /** The zone a person's tasks are due in: their saved one; the caller's browser zone while they saved none; else UTC. */
  async function zoneFor(caller: Caller, userId: string, ctx: TaskContext): Promise<string> {
    const saved = await repo.zoneOf(caller.organizationId, userId);
    if (saved) return knownZone(saved);
    return userId === caller.id ? knownZone(ctx.timeZone) : 'UTC';
  }

  async function present(caller: Caller, rows: TaskRow[], ctx: TaskContext): Promise<TTask[]> {
    const at = now();
    const zones = new Map<string, string>();
    const out: TTask[] = [];
    for (const row of rows) {
      if (!zones.has(row.assigneeId)) {
        zones.set(
          row.assigneeId,
          row.assigneeZone ? knownZone(row.assigneeZone) : row.assigneeId === caller.id ? knownZone(ctx.timeZone) : 'UTC',
        );
      }
      out.push(toTask(row, at, zones.get(row.assigneeId)!));
    }
    return out;
  }

  async function assignable(caller: Caller, assigneeId: string): Promise<void> {
    const seen = assigneeId === caller.id || (await deps.access.canSeeUser(caller, assigneeId));
    assertCan(caller, 'task.assign', { assigneeId, assigneeSeen: seen });
  }

  async function visibleTask(caller: Caller, id: string): Promise<TaskRow> {
    const row = await repo.find(caller, id);
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    return row;
  }

  async function get(caller: Caller, id: string, ctx: TaskContext = {}): Promise<TTask> {
    return (await present(caller, [await visibleTask(caller, id)], ctx))[0]!;
  }

  return {
    get,

    /** GET /api/tasks: the caller's own by default, or a record's; due today (with overdue) and by status; a page. */
    async list(caller: Caller, query: TTasksQuery, ctx: TaskContext = {}): Promise<TTasksResponse> {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
      if ((query.record_type === undefined) !== (query.record_id === undefined)) throw badRequest(TASK_MESSAGES.recordPair);
      const record: TaskRecordRef | undefined = query.record_type ? { type: query.record_type, id: query.record_id! } : undefined;
      if (record && !(await repo.recordSeen(caller, record))) throw notFound(TASK_MESSAGES.recordNotFound);
      const dueBy = query.due === 'today' ? wallClock(now(), await zoneFor(caller, caller.id, ctx)).date : undefined;
      const { rows, total } = await repo.list(caller, {
        assigneeId: record ? undefined : caller.id,
        record,
        dueBy,
        status: query.status ?? (record ? 'all' : 'open'),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { tasks: await present(caller, rows, ctx), total, page, page_size: pageSize };
    },

    /**
     * The caller's open tasks due on or before `day` (yyyy-mm-dd on their clock), overdue first, at
     * most `limit`, and how many there are: the morning digest's to-dos for its day.
     */
    async dueBy(caller: Caller, day: string, timeZone: string, limit: number): Promise<{ tasks: TTask[]; total: number }> {
      const { rows, total } = await repo.list(caller, { assigneeId: caller.id, dueBy: day, status: 'open', limit, offset: 0 });
      return { tasks: await present(caller, rows, { timeZone }), total };
    },

    /** POST /api/tasks. */
    async create(caller: Caller, body: TTaskCreateBody, ctx: TaskContext = {}): Promise<TTask> {
      if ((body.record_type == null) !== (body.record_id == null)) throw badRequest(TASK_MESSAGES.recordPair);
      if (body.due_time && !body.due_date) throw badRequest(TASK_MESSAGES.timeWithoutDate);
      const assigneeId = body.assignee_id ?? caller.id;
      await assignable(caller, assigneeId);
      const record: TaskRecordRef | null = body.record_type && body.record_id ? { type: body.record_type, id: body.record_id } : null;
      if (record && !(await repo.recordSeen(caller, record))) throw notFound(TASK_MESSAGES.recordNotFound);
      const id = await repo.insert({
        organizationId: caller.organizationId,
        title: body.title,
        dueDate: body.due_date ?? null,
        dueTime: body.due_time ?? null,
        assigneeId,
        createdBy: caller.id,
        record,
      });
      return get(caller, id, ctx);
    },

    /** PATCH /api/tasks/{id}: title, due date and time, status (tick or untick), assignee. */
    async update(caller: Caller, id: string, body: TTaskUpdateBody, ctx: TaskContext = {}): Promise<TTask> {
      const task = await visibleTask(caller, id);
      const changes = {
        title: body.title,
        dueDate: body.due_date,
        dueTime: body.due_time,
        status: body.status,
        assigneeId: body.assignee_id,
      };
      if (Object.values(changes).every((v) => v === undefined)) throw badRequest(TASK_MESSAGES.emptyUpdate);
      const dueDate = changes.dueDate === undefined ? task.dueDate : changes.dueDate;
      // A cleared due date takes its time with it; a time on a task with no date is refused.
      if (changes.dueDate === null && changes.dueTime === undefined) changes.dueTime = null;
      const dueTime = changes.dueTime === undefined ? task.dueTime : changes.dueTime;
      if (dueTime && !dueDate) throw badRequest(TASK_MESSAGES.timeWithoutDate);
      if (changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId) await assignable(caller, changes.assigneeId);
      await repo.update(caller.organizationId, id, changes, now());
      return get(caller, id, ctx);
    },

    /** DELETE /api/tasks/{id}. */
    async remove(caller: Caller, id: string): Promise<void> {
      await visibleTask(caller, id);
      await repo.remove(caller.organizationId, id);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
