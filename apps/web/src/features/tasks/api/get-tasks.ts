import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTasksResponse, type TTaskRecordType, type TTasksResponse } from '@pipewise/contract/tasks';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';
import { taskQueryKeys } from './task-query-keys';

/** The page size the lists ask for: a day's to-dos or a record's tasks fit in one page. */
export const TASK_LIST_SIZE = 100;

async function fetchTasks(query: string): Promise<TTasksResponse> {
  // The browser's zone says which day 'today' is until the user saves one.
  return ZTasksResponse.parse(await request('GET', `/api/tasks?${query}`, undefined, timeZoneHeader()));
}

/** The caller's open tasks due today or overdue. */
export const todaysTasksQueryOptions = () =>
  queryOptions({ queryKey: taskQueryKeys.today(), queryFn: () => fetchTasks(`due=today&status=open&page_size=${TASK_LIST_SIZE}`) });

export function useTodaysTasks() {
  return useQuery(todaysTasksQueryOptions());
}

/** A deal's, company's or contact's tasks, open ones first. */
export const recordTasksQueryOptions = (type: TTaskRecordType, id: string) =>
  queryOptions({
    queryKey: taskQueryKeys.record(type, id),
    queryFn: () => fetchTasks(`record_type=${type}&record_id=${encodeURIComponent(id)}&status=all&page_size=${TASK_LIST_SIZE}`),
  });

export function useRecordTasks(type: TTaskRecordType, id: string) {
  return useQuery(recordTasksQueryOptions(type, id));
}
