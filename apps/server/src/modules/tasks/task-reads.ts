import type { Caller } from '../access/access-rules';
import type { TasksService } from './tasks-service';

/**
 * What other modules (the assistant, the WhatsApp digest) read of tasks: a person's open tasks due
 * today or overdue, on their own clock, through the service (so the same visibility holds).
 */
export function createTaskReads(service: Pick<TasksService, 'list' | 'dueBy'>) {
  return {
    /** The caller's open tasks due today or earlier (at most `limit`), overdue ones flagged, and how many there are. */
    async dueToday(caller: Caller, timeZone?: string, limit = 20) {
      const page = await service.list(caller, { due: 'today', status: 'open', page_size: limit }, { timeZone });
      return { tasks: page.tasks, total: page.total };
    },

    /** All the caller's open tasks (at most `limit`), soonest due first, and how many there are. */
    async open(caller: Caller, timeZone?: string, limit = 20) {
      const page = await service.list(caller, { status: 'open', page_size: limit }, { timeZone });
      return { tasks: page.tasks, total: page.total };
    },

    /** The caller's open tasks due on `day` or before it (yyyy-mm-dd in `timeZone`), those before it marked overdue. */
    async dueOn(caller: Caller, day: string, timeZone: string, limit = 20) {
      const { tasks, total } = await service.dueBy(caller, day, timeZone, limit);
      return { tasks: tasks.map((task) => ({ ...task, overdue: task.due_date !== null && task.due_date < day })), total };
    },
  };
}

export type TaskReads = ReturnType<typeof createTaskReads>;
