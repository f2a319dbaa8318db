import { toast } from 'sonner';
import type { TTask } from '@pipewise/contract/tasks';
import { isApiError } from '../../../lib/http';
import { useSetTaskStatus } from '../api/update-task';

const FAILED = 'Could not save the to-do. Please try again.';

/**
 * Ticks a task done (or open again) at once; the lists go back if the save fails. A tick offers
 * Undo for a few seconds.
 */
export function useToggleTask() {
  const setStatus = useSetTaskStatus();
  const save = (id: string, status: 'open' | 'done', offerUndo: boolean) =>
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => {
          if (offerUndo) toast.success('To-do done', { action: { label: 'Undo', onClick: () => save(id, 'open', false) } });
        },
        onError: (error) => toast.error(isApiError(error) && error.detail ? error.detail : FAILED),
      },
    );
  return (task: TTask) => save(task.id, task.status === 'done' ? 'open' : 'done', task.status === 'open');
}
