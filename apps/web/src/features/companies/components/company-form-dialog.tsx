import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TCompany, TCompanyCreateBody } from '@pipewise/contract/companies';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { duplicateOf } from '../../../lib/duplicate';
import { isApiError } from '../../../lib/http';
import { useOwners } from '../api/get-owners';
import { useSaveCompany } from '../api/save-company';

type CompanyFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The company to edit; null for a new one. */
  company: TCompany | null;
  onSaved?: (company: TCompany) => void;
};

const FIELDS = ['name', 'domain', 'industry', 'city', 'phone'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { name: 'Name', domain: 'Domain', industry: 'Industry', city: 'City', phone: 'Phone' };

/** New company, or Edit company: the fields, the owner, and the server's field errors and 409 beside their field. */
export function CompanyFormDialog({ open, onOpenChange, company, onSaved }: CompanyFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={company ? 'Edit company' : 'New company'}>
      {open ? <CompanyForm company={company} onDone={(saved) => (onOpenChange(false), onSaved?.(saved))} /> : null}
    </Dialog>
  );
}

function CompanyForm({ company, onDone }: { company: TCompany | null; onDone: (company: TCompany) => void }) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: company?.name ?? '',
    domain: company?.domain ?? '',
    industry: company?.industry ?? '',
    city: company?.city ?? '',
    phone: company?.phone ?? '',
  }));
  const [owner, setOwner] = useState(company?.owner?.id ?? '');
  const owners = useOwners();
  const save = useSaveCompany(company?.id ?? null);
  const duplicate = duplicateOf(save.error);
  const fieldError = (field: string) =>
    isApiError(save.error, 400) ? save.error.fieldErrors.find((e) => e.field === field)?.message : undefined;
  const formError =
    save.error && !duplicate && !fieldError('name') && !fieldError('domain')
      ? isApiError(save.error)
        ? save.error.detail
        : 'Could not save the company'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TCompanyCreateBody = { name: values.name };
    for (const f of ['domain', 'industry', 'city', 'phone'] as const) {
      const v = values[f].trim();
      if (v || company?.[f]) body[f] = v || null;
    }
    if (owner && owner !== company?.owner?.id) body.owner_id = owner;
    save.mutate(body, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      {FIELDS.map((f) => (
        <TextField
          key={f}
          label={LABELS[f]}
          value={values[f]}
          required={f === 'name'}
          type={f === 'phone' ? 'tel' : 'text'}
          data-autofocus={f === 'name' || undefined}
          placeholder={f === 'domain' ? 'example.com' : undefined}
          onChange={(e) => setValues({ ...values, [f]: e.target.value })}
          error={fieldError(f) ?? (f === 'domain' && save.error && isApiError(save.error, 409) ? save.error.detail : undefined)}
        />
      ))}
      {duplicate ? (
        <p className="records-duplicate">
          <Link to={`/dashboard/companies/${duplicate.id}`}>Open {duplicate.name}</Link>
        </p>
      ) : null}
      <SelectField
        label="Owner"
        value={owner}
        placeholder={company ? 'Keep the current owner' : 'Me'}
        options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        onChange={(e) => setOwner(e.target.value)}
      />
      {formError ? <AlertMessage>{formError}</AlertMessage> : null}
      <DialogActions label={company ? 'Save' : 'Create company'} busyLabel="Saving..." busy={save.isPending} />
    </form>
  );
}
