import type { Caller } from '../access/access-rules';
import type { TasksService } from './tasks-service';

/**
 * What other modules (the assistant, the WhatsApp digest) read of tasks: a person's open tasks due
 * today or overdue, on their own clock, through the service (so the same visibility holds).
 */
export function createTaskReads(service: Pick<TasksService, 'list'>) {
  return {
    /** The caller's open tasks due today or earlier (at most `limit`), overdue ones flagged, and how many there are. */
    async dueToday(caller: Caller, timeZone?: string, limit = 20) {
      const page = await service.list(caller, { due: 'today', status: 'open', page_size: limit }, { timeZone });
      return { tasks: page.tasks, total: page.total };
    },
  };
}

export type TaskReads = ReturnType<typeof createTaskReads>;
