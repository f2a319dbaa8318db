import { NOTE_MAX_LENGTH } from '@pipewise/contract/notes';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http';

type NoteEditorProps = {
  /** The textarea's label ('Add a note', 'Edit note'). */
  label: string;
  initial?: string;
  saveLabel?: string;
  busy: boolean;
  /** Saves the trimmed text; a rejection's message is shown under the field. */
  onSave: (body: string) => Promise<unknown>;
  onCancel?: () => void;
};

const COUNT = new Intl.NumberFormat('en-US');

/** A note's text box with a character counter and Save (and Cancel when editing); empty or too long text is not sent. */
export function NoteEditor({ label, initial = '', saveLabel = 'Save', busy, onSave, onCancel }: NoteEditorProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const length = text.trim().length;
  const tooLong = length > NOTE_MAX_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length === 0 || tooLong || busy) return;
    setError(null);
    try {
      await onSave(text.trim());
      if (!initial) setText('');
    } catch (e) {
      setError(isApiError(e) && e.detail ? e.detail : 'The note could not be saved. Please try again.');
    }
  };

  return (
    <form className="note-editor" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        // Chromium scrolls a textarea reached by Tab to the very bottom edge, under the fixed footer;
        // scrollIntoView keeps the page's scroll padding, so the whole box shows.
        onFocus={(e) => e.currentTarget.scrollIntoView?.({ block: 'nearest' })}
        disabled={busy}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        data-autofocus={initial ? true : undefined}
      />
      <div className="note-editor-footer">
        <p id={`${id}-count`} className={tooLong ? 'field-hint note-count-over' : 'field-hint'}>
          {COUNT.format(length)} / {COUNT.format(NOTE_MAX_LENGTH)} characters
        </p>
        <div className="note-editor-actions">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || length === 0 || tooLong} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : saveLabel}
          </Button>
        </div>
      </div>
      {error ? <AlertMessage plain>{error}</AlertMessage> : null}
    </form>
  );
}
