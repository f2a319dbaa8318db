import { useState, type FormEvent } from 'react';
import type { TTaskRecordType } from '@pipewise/contract/tasks';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useProfile } from '../../../lib/session';
import { useAssignees } from '../api/get-assignees';
import type { RecordOption } from '../api/get-record-options';
import { useCreateTask } from '../api/create-task';
import { RecordPicker } from './record-picker';

type AddTaskFormProps = {
  /** The record the task is about (a record's own list); absent: the form offers a picker. */
  record?: { type: TTaskRecordType; id: string };
  onDone: () => void;
};

/**
 * A new task: a title, an optional due date and time (the assignee's time zone), an optional record,
 * and for someone with people below them (a manager, an admin) whom it is for: yourself by default.
 */
export function AddTaskForm({ record, onDone }: AddTaskFormProps) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [picked, setPicked] = useState<RecordOption | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTask();
  const me = useProfile().data?.id ?? '';
  const assignees = useAssignees();
  const [assignee, setAssignee] = useState('');
  const others = (assignees.data ?? []).filter((a) => a.id !== me);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setProblem('Give the to-do a title.');
    if (time && !date) return setProblem('A due time needs a due date.');
    setProblem(null);
    const about = record ?? (picked ? { type: picked.type, id: picked.id } : null);
    create.mutate(
      {
        title: title.trim(),
        due_date: date || null,
        due_time: time || null,
        ...(about ? { record_type: about.type, record_id: about.id } : {}),
        ...(assignee && assignee !== me ? { assignee_id: assignee } : {}),
      },
      {
        onSuccess: onDone,
        onError: (error) => setProblem(isApiError(error) && error.detail ? error.detail : 'Could not add the to-do. Please try again.'),
      },
    );
  };

  return (
    <form className="task-form" onSubmit={submit} aria-label="Add a to-do" noValidate>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} required autoFocus />
      <div className="task-form-row">
        <TextField label="Due date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Due time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </div>
      {others.length > 0 ? (
        <SelectField
          label="Assign to"
          value={assignee || me}
          options={[{ value: me, label: 'Me' }, ...others.map((a) => ({ value: a.id, label: a.name }))]}
          onChange={(e) => setAssignee(e.target.value)}
        />
      ) : null}
      {record ? null : <RecordPicker value={picked} onChange={setPicked} />}
      {problem ? <AlertMessage plain>{problem}</AlertMessage> : null}
      <div className="task-form-actions">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner label="Saving" size={16} /> : null}
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
