import { useState } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { useTodaysTasks } from '../api/get-tasks';
import { AddTaskForm } from './add-task-form';
import { TaskItem } from './task-item';
import { useToggleTask } from './use-toggle-task';
import './tasks.css';

/** The collapsed card shows this many (the spec's collapsed to-do panel). */
const COLLAPSED_COUNT = 2;

/**
 * The home's "Today's to dos": the caller's open tasks due today or overdue (overdue marked), two
 * while the card is collapsed with '+N more to-dos for today', a tick to complete, and Add a to-do.
 */
export function TodaysTodos({ expanded, onExpand }: { expanded: boolean; onExpand: () => void }) {
  const query = useTodaysTasks();
  const toggle = useToggleTask();
  const [adding, setAdding] = useState(false);

  let body;
  if (query.isPending) {
    body = (
      <p className="muted home-todos-empty" role="status">
        Loading to-dos...
      </p>
    );
  } else if (query.isError) {
    body = <AlertMessage>Failed to load to-dos</AlertMessage>;
  } else {
    // A task ticked a moment ago leaves the list at once (its save is still on the way).
    const open = query.data.tasks.filter((t) => t.status === 'open');
    const count = query.data.total - (query.data.tasks.length - open.length);
    const shown = expanded ? open : open.slice(0, COLLAPSED_COUNT);
    const more = count - shown.length;
    body =
      open.length === 0 ? (
        <p className="muted home-todos-empty">No to-dos</p>
      ) : (
        <>
          <ul className="task-list" aria-label="Today's to-dos">
            {shown.map((task) => (
              <TaskItem key={task.id} task={task} onToggle={toggle} showRecord />
            ))}
          </ul>
          {!expanded && more > 0 ? (
            <Button variant="link" className="task-more" onClick={onExpand}>
              {`+${more} more to-dos for today`}
            </Button>
          ) : null}
        </>
      );
  }

  return (
    <div className="todos-panel">
      {body}
      {adding ? (
        <AddTaskForm onDone={() => setAdding(false)} />
      ) : (
        <Button variant="secondary" className="task-add" onClick={() => setAdding(true)}>
          Add a to-do
        </Button>
      )}
    </div>
  );
}
