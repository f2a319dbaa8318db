import { useState } from 'react';
import type { TTaskRecordType } from '@pipewise/contract/tasks';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRecordTasks } from '../api/get-tasks';
import { AddTaskForm } from './add-task-form';
import { TaskItem } from './task-item';
import { useToggleTask } from './use-toggle-task';
import './tasks.css';

/** A deal's, company's or contact's tasks: open ones first, each with a tick, and Add task. */
export function RecordTasks({ recordType, recordId }: { recordType: TTaskRecordType; recordId: string }) {
  const query = useRecordTasks(recordType, recordId);
  const toggle = useToggleTask();
  const [adding, setAdding] = useState(false);

  let body;
  if (query.isPending) body = <Spinner label="Loading tasks" />;
  else if (query.isError) body = <AlertMessage>Failed to load tasks</AlertMessage>;
  else if (query.data.tasks.length === 0) body = <p className="muted">No tasks yet</p>;
  else {
    body = (
      <ul className="task-list" aria-label="Tasks">
        {query.data.tasks.map((task) => (
          <TaskItem key={task.id} task={task} onToggle={toggle} showAssignee />
        ))}
      </ul>
    );
  }

  return (
    <section className="card record-tasks" aria-labelledby={`record-tasks-${recordId}`}>
      <div className="record-tasks-header">
        <h2 id={`record-tasks-${recordId}`} className="record-tasks-title">
          Tasks
        </h2>
        {adding ? null : (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add task
          </Button>
        )}
      </div>
      {adding ? <AddTaskForm record={{ type: recordType, id: recordId }} onDone={() => setAdding(false)} /> : null}
      {body}
    </section>
  );
}
