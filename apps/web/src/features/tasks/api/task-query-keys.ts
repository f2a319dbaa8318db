import type { TTaskRecordType } from '@pipewise/contract/tasks';

/** Every tasks query key starts with TASKS_QUERY_KEY, so a write reloads every list at once. */
export const TASKS_QUERY_KEY = ['tasks'] as const;

export const taskQueryKeys = {
  lists: () => [...TASKS_QUERY_KEY, 'list'] as const,
  today: () => [...TASKS_QUERY_KEY, 'list', 'today'] as const,
  record: (type: TTaskRecordType, id: string) => [...TASKS_QUERY_KEY, 'list', 'record', type, id] as const,
  recordOptions: (q: string) => [...TASKS_QUERY_KEY, 'record-options', q] as const,
  assignees: () => [...TASKS_QUERY_KEY, 'assignees'] as const,
};
