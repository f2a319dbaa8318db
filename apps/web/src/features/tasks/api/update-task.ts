import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTask, type TTask, type TTasksResponse, type TTaskUpdateBody } from '@pipewise/contract/tasks';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';
import { taskQueryKeys } from './task-query-keys';

export async function updateTask(id: string, body: TTaskUpdateBody): Promise<TTask> {
  return ZTask.parse(await request('PATCH', `/api/tasks/${encodeURIComponent(id)}`, body, timeZoneHeader()));
}

type Snapshot = [readonly unknown[], TTasksResponse | undefined][];

/**
 * Ticks a task done (or back to open) at once in every list on screen, then saves it: a refusal
 * puts the lists back as they were and the error reaches the caller's onError.
 */
export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation<TTask, Error, { id: string; status: 'open' | 'done' }, { snapshot: Snapshot }>({
    mutationFn: ({ id, status }) => updateTask(id, { status }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: taskQueryKeys.lists() });
      const snapshot = queryClient.getQueriesData<TTasksResponse>({ queryKey: taskQueryKeys.lists() });
      queryClient.setQueriesData<TTasksResponse>({ queryKey: taskQueryKeys.lists() }, (page) =>
        page
          ? { ...page, tasks: page.tasks.map((t) => (t.id === id ? { ...t, status, overdue: status === 'done' ? false : t.overdue } : t)) }
          : page,
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskQueryKeys.lists() }),
  });
}
