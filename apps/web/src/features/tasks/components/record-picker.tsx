import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { useRecordOptions, type RecordOption } from '../api/get-record-options';

const KIND: Record<RecordOption['type'], string> = { deal: 'Deal', company: 'Company', contact: 'Contact' };

/** An optional deal, company or contact for a new task: type a name, pick one of the matches. */
export function RecordPicker({ value, onChange }: { value: RecordOption | null; onChange: (option: RecordOption | null) => void }) {
  const [q, setQ] = useState('');
  const options = useRecordOptions(q);
  if (value) {
    return (
      <div className="task-record-picked">
        <span>
          {KIND[value.type]}: {value.label}
        </span>
        <button type="button" className="btn btn-link" onClick={() => onChange(null)} aria-label={`Remove ${value.label}`}>
          Remove
        </button>
      </div>
    );
  }
  return (
    <div>
      <FormField label="Deal, company or contact (optional)">
        {(control) => (
          <input
            {...control}
            className="input"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Type a name"
            autoComplete="off"
          />
        )}
      </FormField>
      {q.trim().length >= 2 && options.isPending ? (
        <p className="muted task-hint" role="status">
          Searching...
        </p>
      ) : null}
      {options.data && options.data.length > 0 ? (
        <ul className="task-record-options" aria-label="Matching records">
          {options.data.map((option) => (
            <li key={`${option.type}-${option.id}`}>
              <button type="button" className="btn btn-ghost" onClick={() => onChange(option)}>
                {KIND[option.type]}: {option.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {options.data && options.data.length === 0 ? <p className="muted task-hint">No matches</p> : null}
    </div>
  );
}
