import { isAdminRole } from '@pipewise/contract/common';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { NoticeBanner } from './notice-banner';
import { useWorkspaceForm, workspaceFieldId } from './use-workspace-form';

function workspaceOf(profile: TProfileResponse) {
  return {
    organization_name: profile.organization_name ?? profile.database_record.organization_name ?? '',
    organization_domain: profile.organization_domain ?? profile.database_record.organization_domain ?? '',
  };
}

/** Workspace name and domain: editable by admins, read-only for everyone else. */
export function GeneralSettings({ profile }: { profile: TProfileResponse }) {
  const canEdit = isAdminRole(profile.role || profile.database_record.role);
  const form = useWorkspaceForm(profile.email, workspaceOf(profile));

  return (
    <form className="settings-form" noValidate onSubmit={form.submit} aria-describedby="general-intro">
      <p id="general-intro" className="muted">
        {canEdit
          ? 'Your workspace name and email domain, as your team sees them.'
          : 'Your workspace name and email domain. Only admins can change them.'}
      </p>
      <NoticeBanner notice={form.notice} />
      <TextField
        id={workspaceFieldId('organization_name')}
        label="Workspace Name"
        name="organization_name"
        autoComplete="organization"
        readOnly={!canEdit}
        required={canEdit}
        value={form.values.organization_name}
        error={canEdit ? form.errorOf('organization_name') : null}
        onChange={(e) => form.change('organization_name', e.target.value)}
        onBlur={() => form.blur('organization_name')}
      />
      <TextField
        id={workspaceFieldId('organization_domain')}
        label="Domain"
        name="organization_domain"
        autoComplete="off"
        spellCheck={false}
        readOnly={!canEdit}
        required={canEdit}
        value={form.values.organization_domain}
        error={canEdit ? form.errorOf('organization_domain') : null}
        onChange={(e) => form.change('organization_domain', e.target.value)}
        onBlur={() => form.blur('organization_domain')}
      />
      {form.formError ? <AlertMessage>{form.formError}</AlertMessage> : null}
      {canEdit ? (
        <div className="form-actions">
          <Button type="submit" disabled={form.saveDisabled} aria-busy={form.saving || undefined}>
            {form.saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
