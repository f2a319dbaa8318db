import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { ZRole } from '@pipewise/contract/common';
import type { TUpdateUserBody, TUserRow } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useUpdateUser } from '../api/update-user';
import { accessLabel, DEFAULT_TEAM, fullNameOf, managerOptions } from './user-format';

const ROLE_OPTIONS = ZRole.options.map((value) => ({ value, label: accessLabel(value) }));
const UPDATE_FAILED = 'Failed to update user. Please try again.';

const failureMessage = (error: unknown) => (isApiError(error) && error.detail) || UPDATE_FAILED;

type EditUserDialogProps = { user: TUserRow | null; onClose: () => void; users: readonly TUserRow[] };

/** An admin changes a user's manager, team and role, or deactivates / reactivates them. */
export function EditUserDialog({ user, onClose, users }: EditUserDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={user ? `Edit ${fullNameOf(user)}` : 'Edit user'}
      description={user ? user.email : undefined}
    >
      {user ? <EditUserForm key={user.id} user={user} users={users} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditUserForm({ user, users, onDone }: { user: TUserRow; users: readonly TUserRow[]; onDone: () => void }) {
  const initial = { reports_to_email: user.reports_to_email ?? '', team: user.team, role: user.role.toLowerCase() };
  const [values, setValues] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmStep = useRef<HTMLDivElement>(null);
  const update = useUpdateUser();
  const name = fullNameOf(user);
  const deactivated = user.status === 'deactivated';

  // Entering or leaving the confirm step moves focus to its first button rather than losing it.
  const toggleConfirm = (next: boolean) => {
    flushSync(() => setConfirming(next));
    confirmStep.current?.querySelector<HTMLButtonElement>('button')?.focus();
  };

  const send = (body: TUpdateUserBody, success: string) => {
    setFailure(null);
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(success);
          onDone();
        },
        onError: (error) => setFailure(failureMessage(error)),
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body: TUpdateUserBody = {};
    if (values.reports_to_email !== initial.reports_to_email) body.reports_to_email = values.reports_to_email || null;
    if (values.team.trim() !== initial.team) body.team = values.team.trim() || DEFAULT_TEAM;
    const role = ZRole.safeParse(values.role);
    if (values.role !== initial.role && role.success) body.role = role.data;
    if (Object.keys(body).length === 0) return onDone();
    send(body, 'User updated successfully!');
  };

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((v) => ({ ...v, [field]: value }));
  };

  return (
    <form className="stack dialog-form" noValidate onSubmit={save}>
      <SelectField
        label="Manager"
        placeholder="No manager"
        options={managerOptions(users, user.id)}
        value={values.reports_to_email}
        onChange={set('reports_to_email')}
        data-autofocus
      />
      <TextField label="Team" placeholder={DEFAULT_TEAM} maxLength={60} value={values.team} onChange={set('team')} />
      <SelectField label="Access" options={ROLE_OPTIONS} value={values.role} onChange={set('role')} />
      <div className="danger-zone" ref={confirmStep}>
        {confirming ? (
          <div className="stack-tight">
            <p id="confirm-status">
              {deactivated
                ? `Reactivate ${name}? They will be able to sign in again.`
                : `Deactivate ${name}? They are signed out at once and can no longer sign in.`}
            </p>
            <div className="dialog-actions dialog-actions-start">
              <Button
                variant={deactivated ? 'primary' : 'danger'}
                aria-describedby="confirm-status"
                disabled={update.isPending}
                onClick={() =>
                  send({ status: deactivated ? 'active' : 'deactivated' }, deactivated ? 'User reactivated.' : 'User deactivated.')
                }
              >
                {deactivated ? 'Yes, reactivate' : 'Yes, deactivate'}
              </Button>
              <Button variant="secondary" onClick={() => toggleConfirm(false)}>
                Keep as is
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" className={deactivated ? undefined : 'btn-danger-text'} onClick={() => toggleConfirm(true)}>
            {deactivated ? 'Reactivate user' : 'Deactivate user'}
          </Button>
        )}
      </div>
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <DialogActions label="Save changes" busyLabel="Saving..." busy={update.isPending} />
    </form>
  );
}
