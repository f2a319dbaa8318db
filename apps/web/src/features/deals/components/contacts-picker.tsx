import { X } from 'lucide-react';
import { useState } from 'react';
import { useContactSearch } from '../api/search-records';
import { RecordCombobox } from './record-combobox';

export type ContactChoice = { id: string; name: string };

type ContactsPickerProps = {
  value: readonly ContactChoice[];
  onChange: (value: ContactChoice[]) => void;
  /** Offer only this company's contacts (null: any the caller sees). */
  companyId: string | null;
  error?: string | null;
};

/** Contacts: type to find contacts the caller sees and add several; each chosen one can be removed. */
export function ContactsPicker({ value, onChange, companyId, error }: ContactsPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useContactSearch(text, companyId, open);
  const chosen = new Set(value.map((c) => c.id));
  const options = (search.data ?? [])
    .filter((c) => !chosen.has(c.id))
    .map((c) => ({ id: c.id, label: `${c.firstname} ${c.lastname}`.trim(), hint: c.email ?? c.jobtitle }));
  return (
    <div className="contacts-picker">
      <RecordCombobox
        label="Contacts"
        placeholder="Type to add contacts"
        text={text}
        onTextChange={setText}
        open={open}
        onOpenChange={setOpen}
        options={options}
        loading={search.isFetching}
        failed={search.isError}
        onSelect={(o) => {
          onChange([...value, { id: o.id, name: o.label }]);
          setText('');
        }}
        error={error}
      />
      {value.length > 0 ? (
        <ul className="picked-list" aria-label="Chosen contacts">
          {value.map((c) => (
            <li key={c.id} className="filter-tag">
              {c.name}
              <button
                type="button"
                className="filter-tag-remove"
                aria-label={`Remove ${c.name}`}
                onClick={() => onChange(value.filter((x) => x.id !== c.id))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
