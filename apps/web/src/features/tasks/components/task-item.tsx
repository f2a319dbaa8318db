import type { TTask } from '@pipewise/contract/tasks';
import { dueLabel } from '../utils/due-label';

type TaskItemProps = {
  task: TTask;
  onToggle: (task: TTask) => void;
  /** Show the deal, company or contact the task is about (the home list; a record's own list leaves it out). */
  showRecord?: boolean;
  /** Show who it is for (a record's list holds several people's tasks). */
  showAssignee?: boolean;
};

/** One task: a checkbox to tick it done (or open again), its title, when it is due, and overdue marked. */
export function TaskItem({ task, onToggle, showRecord = false, showAssignee = false }: TaskItemProps) {
  const done = task.status === 'done';
  const due = dueLabel(task);
  const id = `task-${task.id}`;
  return (
    <li className={`task-item${done ? ' task-item-done' : ''}${task.overdue ? ' task-item-overdue' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="task-check"
        checked={done}
        aria-label={done ? `Mark "${task.title}" as not done` : `Mark "${task.title}" as done`}
        onChange={() => onToggle(task)}
      />
      <div className="task-body">
        <label htmlFor={id} className="task-title">
          {task.title}
        </label>
        <div className="task-meta">
          {task.overdue ? <span className="badge badge-danger">Overdue</span> : null}
          {due ? <span>{due}</span> : null}
          {showRecord && task.record ? <span className="task-record">{task.record.name}</span> : null}
          {showAssignee ? <span>{task.assignee.name}</span> : null}
        </div>
      </div>
    </li>
  );
}
