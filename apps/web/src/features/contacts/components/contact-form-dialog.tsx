import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TContact, TContactCreateBody } from '@pipewise/contract/companies';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { duplicateOf } from '../../../lib/duplicate';
import { isApiError } from '../../../lib/http';
import { useCompanyOptions, useOwners } from '../api/get-options';
import { useSaveContact } from '../api/save-contact';

type ContactFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; null for a new one. */
  contact: TContact | null;
  onSaved?: (contact: TContact) => void;
};

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'jobtitle'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  phone: 'Phone',
  jobtitle: 'Job title',
};
const TYPES: Partial<Record<Field, string>> = { email: 'email', phone: 'tel' };

/** New contact, or Edit contact: the fields, the company (found by name), the owner, and the server's errors beside their field. */
export function ContactFormDialog({ open, onOpenChange, contact, onSaved }: ContactFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={contact ? 'Edit contact' : 'New contact'}>
      {open ? <ContactForm contact={contact} onDone={(saved) => (onOpenChange(false), onSaved?.(saved))} /> : null}
    </Dialog>
  );
}

function ContactForm({ contact, onDone }: { contact: TContact | null; onDone: (contact: TContact) => void }) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    jobtitle: contact?.jobtitle ?? '',
  }));
  const [company, setCompany] = useState(contact?.company?.id ?? '');
  const [find, setFind] = useState('');
  const companies = useCompanyOptions(useDeferredValue(find.trim()));
  const [owner, setOwner] = useState(contact?.owner?.id ?? '');
  const owners = useOwners();
  const save = useSaveContact(contact?.id ?? null);
  const duplicate = duplicateOf(save.error);
  const fieldError = (field: string) =>
    isApiError(save.error, 400) ? save.error.fieldErrors.find((e) => e.field === field)?.message : undefined;
  const shownElsewhere = isApiError(save.error, 409) || FIELDS.some((f) => fieldError(f));
  const formError = save.error && !shownElsewhere ? (isApiError(save.error) ? save.error.detail : 'Could not save the contact') : null;

  const companyOptions = [...(companies.data ?? [])];
  if (contact?.company && !companyOptions.some((c) => c.id === contact.company!.id)) companyOptions.unshift(contact.company);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TContactCreateBody = { firstname: values.firstname };
    for (const f of ['lastname', 'email', 'phone', 'jobtitle'] as const) {
      const v = values[f].trim();
      if (f === 'lastname') {
        if (v || contact?.lastname) body.lastname = v;
      } else if (v || contact?.[f]) body[f] = v || null;
    }
    if (company !== (contact?.company?.id ?? '')) body.company_id = company || null;
    if (owner && owner !== contact?.owner?.id) body.owner_id = owner;
    save.mutate(body, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      {FIELDS.map((f) => (
        <TextField
          key={f}
          label={LABELS[f]}
          value={values[f]}
          required={f === 'firstname'}
          type={TYPES[f] ?? 'text'}
          data-autofocus={f === 'firstname' || undefined}
          onChange={(e) => setValues({ ...values, [f]: e.target.value })}
          error={fieldError(f) ?? (f === 'email' && isApiError(save.error, 409) ? save.error.detail : undefined)}
        />
      ))}
      {duplicate ? (
        <p className="records-duplicate">
          <Link to={`/dashboard/contacts/${duplicate.id}`}>Open {duplicate.name}</Link>
        </p>
      ) : null}
      <TextField
        label="Find company"
        type="search"
        value={find}
        placeholder="Type a company name"
        onChange={(e) => setFind(e.target.value)}
      />
      <SelectField
        label="Company"
        value={company}
        placeholder="No company"
        options={companyOptions.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(e) => setCompany(e.target.value)}
        error={fieldError('company_id')}
      />
      <SelectField
        label="Owner"
        value={owner}
        placeholder={contact ? 'Keep the current owner' : 'Me'}
        options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        onChange={(e) => setOwner(e.target.value)}
      />
      {formError ? <AlertMessage>{formError}</AlertMessage> : null}
      <DialogActions label={contact ? 'Save' : 'Create contact'} busyLabel="Saving..." busy={save.isPending} />
    </form>
  );
}
