import { useState, type FormEvent } from 'react';
import { workspaceFieldErrors, type FieldErrors, type TWorkspaceInput } from '@pipewise/contract/users';
import { isApiError } from '../../../lib/http';
import { useUpdateWorkspace, WORKSPACE_UPDATED_MESSAGE, workspaceUpdateErrorMessage } from '../api/update-workspace';
import { useTimedNotice } from './use-timed-notice';

type Field = keyof TWorkspaceInput;
const FIELDS: readonly Field[] = ['organization_name', 'organization_domain'];

export const FIX_ERRORS_MESSAGE = 'Please fix the errors above before submitting.';
export const workspaceFieldId = (field: Field) => `workspace-${field}`;

/** A 400's per-field messages and a 409 (domain taken) land on the fields they are about. */
function serverFieldErrors(error: unknown): FieldErrors<Field> {
  if (!isApiError(error)) return {};
  if (error.status === 409) return { organization_domain: error.detail || undefined };
  const errors: FieldErrors<Field> = {};
  for (const { field, message } of error.fieldErrors) {
    if ((FIELDS as readonly string[]).includes(field)) errors[field as Field] = message;
  }
  return errors;
}

/**
 * The workspace form's rules: a field is validated once touched (on blur, then on every change),
 * Save is off while a shown field is invalid, and a failed submit shows every error.
 */
export function useWorkspaceForm(callerEmail: string, initial: TWorkspaceInput) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [failedSubmit, setFailedSubmit] = useState(false);
  const { notice, show } = useTimedNotice();
  const mutation = useUpdateWorkspace(callerEmail);

  const ruleErrors = workspaceFieldErrors(values);
  const errorOf = (field: Field) => (touched[field] ? ruleErrors[field] : undefined) ?? serverErrors[field];
  const hasShownErrors = FIELDS.some((field) => errorOf(field));

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const blur = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ organization_name: true, organization_domain: true });
    const firstInvalid = FIELDS.find((field) => ruleErrors[field]);
    if (firstInvalid) {
      setFailedSubmit(true);
      document.getElementById(workspaceFieldId(firstInvalid))?.focus();
      return;
    }
    setFailedSubmit(false);
    mutation.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        show('success', WORKSPACE_UPDATED_MESSAGE);
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        show('error', workspaceUpdateErrorMessage(error));
      },
    });
  };

  return {
    values,
    errorOf,
    change,
    blur,
    submit,
    notice,
    saving: mutation.isPending,
    saveDisabled: hasShownErrors || mutation.isPending,
    formError: failedSubmit && hasShownErrors ? FIX_ERRORS_MESSAGE : null,
  };
}
