import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTask, type TTask, type TTaskCreateBody } from '@pipewise/contract/tasks';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';
import { taskQueryKeys } from './task-query-keys';

export async function createTask(body: TTaskCreateBody): Promise<TTask> {
  return ZTask.parse(await request('POST', '/api/tasks', body, timeZoneHeader()));
}

/** On success every task list reloads (the new task may belong on the home and on its record). */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskQueryKeys.lists() }),
  });
}
