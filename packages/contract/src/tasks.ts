import { z } from 'zod';
import { dateProblem } from './bounds';

/** What a task can be about: one deal, company or contact (or nothing). */
export const TASK_RECORD_TYPES = ['deal', 'company', 'contact'] as const;
export const ZTaskRecordType = z.enum(TASK_RECORD_TYPES, 'record_type must be deal, company or contact');
export type TTaskRecordType = z.infer<typeof ZTaskRecordType>;

export const TASK_STATUSES = ['open', 'done'] as const;
export const ZTaskStatus = z.enum(TASK_STATUSES, 'status must be open or done');
export type TTaskStatus = z.infer<typeof ZTaskStatus>;

export const TASK_TITLE_MAX = 500;
export const TASK_PAGE_SIZE_MAX = 100;

/** The texts the task routes answer with. */
export const TASK_MESSAGES = {
  notFound: 'Task not found',
  recordNotFound: 'The deal, company or contact this task is about was not found.',
  recordPair: 'record_type and record_id go together: give both or neither.',
  timeWithoutDate: 'A due time needs a due date.',
  assigneeNotFound: 'The person to assign this task to was not found.',
  emptyUpdate: 'Nothing to change: give a title, due date, due time, status or assignee.',
} as const;

const ZTitle = z
  .string('title is required')
  .trim()
  .min(1, 'title is required')
  .max(TASK_TITLE_MAX, `title must be at most ${TASK_TITLE_MAX} characters`);

/** A due day, yyyy-mm-dd, as the assignee's calendar shows it. */
const ZDueDate = z.string('due_date must be a date as yyyy-mm-dd').superRefine((v, ctx) => {
  const problem = dateProblem(v, 'due_date');
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/** A wall-clock time, HH:MM (24-hour), in the assignee's time zone. */
const ZDueTime = z
  .string('due_time must be a time as HH:MM')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'due_time must be a time as HH:MM (24-hour), e.g. 15:00');
const ZRecordId = z.string().trim().min(1, 'record_id is required').max(64, 'record_id is too long');
const ZUserId = z.uuid('assignee_id must be a user id');

export const ZTaskPerson = z.object({ id: z.string(), name: z.string() });
export const ZTaskRecord = z.object({ type: ZTaskRecordType, id: z.string(), name: z.string() });

/** A task as the routes answer it. */
export const ZTask = z.object({
  id: z.string(),
  title: z.string(),
  /** yyyy-mm-dd in the assignee's time zone, or null. */
  due_date: z.string().nullable(),
  /** HH:MM in the assignee's time zone, or null (due some time that day). */
  due_time: z.string().nullable(),
  /** The assignee's time zone the due date and time are read in. */
  time_zone: z.string(),
  status: ZTaskStatus,
  /** Open and its due day (or due time today) has passed in the assignee's time zone. */
  overdue: z.boolean(),
  /** Open and due today (or earlier) in the assignee's time zone. */
  due_today: z.boolean(),
  assignee: ZTaskPerson,
  created_by: ZTaskPerson.nullable(),
  /** The deal, company or contact it is about, when the caller sees it. */
  record: ZTaskRecord.nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TTask = z.infer<typeof ZTask>;

/**
 * GET /api/tasks: the caller's own tasks by default; with record_type and record_id, that record's
 * tasks the caller may read. `due=today` keeps tasks due today or overdue; `status` open (default), done or all.
 */
export const ZTasksQuery = z.object({
  record_type: ZTaskRecordType.optional(),
  record_id: ZRecordId.optional(),
  due: z.enum(['today'], 'due must be today').optional(),
  status: z.enum(['open', 'done', 'all'], 'status must be open, done or all').optional(),
  page: z.coerce
    .number('page must be a whole number')
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000, 'page is out of range')
    .optional(),
  page_size: z.coerce
    .number('page_size must be a whole number')
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(TASK_PAGE_SIZE_MAX, `page_size must be at most ${TASK_PAGE_SIZE_MAX}`)
    .optional(),
});
export type TTasksQuery = z.infer<typeof ZTasksQuery>;

export const ZTasksResponse = z.object({
  tasks: z.array(ZTask),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TTasksResponse = z.infer<typeof ZTasksResponse>;

export const ZTaskCreateBody = z.object({
  title: ZTitle,
  due_date: ZDueDate.nullish(),
  due_time: ZDueTime.nullish(),
  record_type: ZTaskRecordType.nullish(),
  record_id: ZRecordId.nullish(),
  /** Yourself by default; a manager within their subtree, an admin anyone in the workspace. */
  assignee_id: ZUserId.nullish(),
});
export type TTaskCreateBody = z.infer<typeof ZTaskCreateBody>;

export const ZTaskUpdateBody = z.object({
  title: ZTitle.optional(),
  due_date: ZDueDate.nullish(),
  due_time: ZDueTime.nullish(),
  status: ZTaskStatus.optional(),
  assignee_id: ZUserId.optional(),
});
export type TTaskUpdateBody = z.infer<typeof ZTaskUpdateBody>;

export const ZTaskIdParams = z.object({ id: z.string().max(64, 'Task not found') });
export const ZTaskDeleted = z.object({ deleted: z.literal(true) });
