import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCompanySearch } from '../api/search-records';
import { RecordCombobox } from './record-combobox';

/** A company picked from those the caller sees, or a new one by the name typed. */
export type CompanyChoice = { kind: 'existing'; id: string; name: string } | { kind: 'new'; name: string };

type CompanyPickerProps = {
  value: CompanyChoice | null;
  onChange: (value: CompanyChoice | null) => void;
  /** Offer 'Create company "…"' for a name no match has (the New Deal form). */
  allowCreate: boolean;
  error?: string | null;
};

/** Company: type to search the companies the caller sees and pick one, or create one by name. */
export function CompanyPicker({ value, onChange, allowCreate, error }: CompanyPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useCompanySearch(text, open && value === null);
  if (value) {
    return (
      <div className="field">
        <span className="field-label">Company</span>
        <p className="picked-record">
          <span>
            {value.name}
            {value.kind === 'new' ? <span className="muted"> (new company)</span> : null}
          </span>
          <Button variant="link" aria-label={`Change company ${value.name}`} onClick={() => onChange(null)}>
            Change
          </Button>
        </p>
      </div>
    );
  }
  const typed = text.trim();
  const matches = search.data ?? [];
  const exact = matches.some((c) => c.name.toLowerCase() === typed.toLowerCase());
  return (
    <RecordCombobox
      label="Company"
      placeholder="Type to search companies"
      text={text}
      onTextChange={setText}
      open={open}
      onOpenChange={setOpen}
      options={matches.map((c) => ({ id: c.id, label: c.name, hint: c.domain }))}
      loading={search.isFetching}
      failed={search.isError}
      onSelect={(o) => {
        onChange({ kind: 'existing', id: o.id, name: o.label });
        setText('');
      }}
      createLabel={allowCreate && typed && !exact ? `Create company "${typed}"` : null}
      onCreate={() => {
        onChange({ kind: 'new', name: typed });
        setText('');
      }}
      error={error}
    />
  );
}
