import { useState, type FormEvent } from 'react';
import type { TCallSuggestion } from '@pipewise/contract/call-suggestions';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';

export type EditedValue = { value: string; date?: string | null };

type SuggestionEditDialogProps = { suggestion: TCallSuggestion | null; onCancel: () => void; onDone: (edited: EditedValue) => void };

/** Edit a suggestion's value (and a task's or next step's day) before accepting it. */
export function SuggestionEditDialog({ suggestion, onCancel, onDone }: SuggestionEditDialogProps) {
  const [value, setValue] = useState('');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (suggestion && shownFor !== suggestion.id) {
    setShownFor(suggestion.id);
    setValue(suggestion.value);
    setDate(suggestion.date ?? '');
    setError(null);
  }
  const dated = suggestion?.field === 'task' || suggestion?.field === 'next_step';
  const long = suggestion?.field === 'next_step' || suggestion?.field === 'pain_points' || suggestion?.field === 'task';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError('The value cannot be empty');
      return;
    }
    onDone({ value: value.trim(), ...(dated ? { date: date || null } : {}) });
  };
  return (
    <Dialog open={suggestion !== null} onOpenChange={(open) => (open ? null : onCancel())} title={`Edit ${suggestion?.label ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <FormField label={suggestion?.label ?? 'Value'} error={error}>
          {(control) =>
            suggestion?.field === 'close_date' ? (
              <input type="date" className="input" {...control} value={value} onChange={(e) => setValue(e.target.value)} data-autofocus />
            ) : long ? (
              <textarea
                className="input"
                {...control}
                value={value}
                maxLength={10_000}
                onChange={(e) => setValue(e.target.value)}
                data-autofocus
              />
            ) : (
              <input
                className="input"
                {...control}
                value={value}
                maxLength={1000}
                onChange={(e) => setValue(e.target.value)}
                data-autofocus
              />
            )
          }
        </FormField>
        {dated ? (
          <FormField label="Due date">
            {(control) => <input type="date" className="input" {...control} value={date} onChange={(e) => setDate(e.target.value)} />}
          </FormField>
        ) : null}
        <DialogActions label="Accept" busyLabel="Accepting..." busy={false} />
      </form>
    </Dialog>
  );
}
