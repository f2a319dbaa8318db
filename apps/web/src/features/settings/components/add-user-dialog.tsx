import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { addUserFieldErrors, type FieldErrors, type TAddUserInput, type TUserRow } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useAddUser } from '../api/add-user';
import { managerOptions } from './user-format';

type Field = keyof TAddUserInput;
type Values = TAddUserInput & { team: string };

const EMPTY: Values = { first_name: '', last_name: '', email: '', phone_number: '', reports_to_email: '', team: '' };
const FIELD_ORDER: readonly Field[] = ['first_name', 'last_name', 'email', 'phone_number', 'reports_to_email'];
export const ADD_USER_FAILED = 'Failed to add user. Please try again.';
export const USER_ADDED = 'User added successfully!';
const fieldId = (field: keyof Values) => `add-user-${field}`;

/** A 400's per-field messages go on their fields; anything else is one message for the form. */
function readFailure(error: unknown): { fields: FieldErrors<Field>; message: string | null } {
  const fields: FieldErrors<Field> = {};
  if (isApiError(error, 400)) {
    for (const { field, message } of error.fieldErrors) {
      if ((FIELD_ORDER as readonly string[]).includes(field)) fields[field as Field] = message;
    }
    if (Object.keys(fields).length > 0) return { fields, message: null };
  }
  return { fields, message: (isApiError(error) && error.detail) || ADD_USER_FAILED };
}

type AddUserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  callerEmail: string;
  users: readonly TUserRow[];
};

export function AddUserDialog({ open, onOpenChange, callerEmail, users }: AddUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add New User" description="New users join as a User and can sign in right away.">
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <AddUserForm callerEmail={callerEmail} users={users} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddUserForm({ callerEmail, users, onDone }: { callerEmail: string; users: readonly TUserRow[]; onDone: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const addUser = useAddUser(callerEmail);

  const bind = (field: keyof Values) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    error: field === 'team' ? null : errors[field],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = addUserFieldErrors(values);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    addUser.mutate(values, {
      onSuccess: () => {
        toast.success(USER_ADDED);
        onDone();
      },
      onError: (error) => {
        const { fields, message } = readFailure(error);
        setErrors(fields);
        setFailure(message);
      },
    });
  };

  return (
    <form className="stack dialog-form" noValidate onSubmit={submit}>
      <div className="field-row">
        <TextField label="First name" autoComplete="off" required data-autofocus {...bind('first_name')} />
        <TextField label="Last name" autoComplete="off" required {...bind('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="off" required {...bind('email')} />
      <TextField label="Phone number" type="tel" inputMode="tel" maxLength={10} autoComplete="off" required {...bind('phone_number')} />
      <SelectField label="Manager" required placeholder="Select a manager" options={managerOptions(users)} {...bind('reports_to_email')} />
      <TextField label="Team (optional)" placeholder="General" autoComplete="off" maxLength={60} {...bind('team')} />
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <DialogActions label="Add User" busyLabel="Adding..." busy={addUser.isPending} />
    </form>
  );
}
