import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isAdminRole } from '@pipewise/contract/common';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCompetitors, useSaveCompetitors } from '../api/competitors';
import { addProblem, COMPETITORS_SAVED_MESSAGE, sameNames, saveErrorMessage } from './competitor-draft';
import { NoticeBanner } from './notice-banner';
import { useTimedNotice } from './use-timed-notice';
import './competitors.css';

const NAME_FIELD = 'competitor-name';

function CompetitorList({ names, onRemove }: { names: readonly string[]; onRemove: ((name: string) => void) | null }) {
  return (
    <ul className="competitor-list" aria-label="Competitors">
      {names.map((name) => (
        <li key={name} className="competitor-chip">
          <span>{name}</span>
          {onRemove ? (
            <button type="button" className="competitor-remove" aria-label={`Remove ${name}`} onClick={() => onRemove(name)}>
              <X size={14} aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** An admin's editor: add by Enter or the button, remove, then save the whole list. */
function CompetitorsEditor({ saved }: { saved: readonly string[] }) {
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { notice, show } = useTimedNotice();
  const save = useSaveCompetitors();
  const names = draft ?? saved;
  const dirty = draft !== null && !sameNames(draft, saved);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = addProblem(names, name);
    if (problem) return setError(problem);
    setDraft([...names, name.trim()]);
    setName('');
  };
  const remove = (removed: string) => {
    setDraft(names.filter((n) => n !== removed));
    document.getElementById(NAME_FIELD)?.focus();
  };
  const submit = () =>
    save.mutate(names, {
      onSuccess: () => {
        setDraft(null);
        show('success', COMPETITORS_SAVED_MESSAGE);
      },
      onError: (e) => show('error', saveErrorMessage(e)),
    });

  return (
    <>
      <form className="competitor-form" onSubmit={add} noValidate>
        <FormField label="Competitor name" id={NAME_FIELD} error={error}>
          {(control) => (
            <div className="competitor-add">
              <input
                className="input"
                {...control}
                value={name}
                maxLength={80}
                autoComplete="off"
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
              />
              <Button type="submit" variant="secondary">
                <Plus size={16} aria-hidden="true" />
                Add
              </Button>
            </div>
          )}
        </FormField>
      </form>
      {names.length === 0 ? <p className="muted">No competitors yet. Add the companies you compete with.</p> : null}
      <CompetitorList names={names} onRemove={remove} />
      <NoticeBanner notice={notice} />
      <div className="form-actions competitor-actions">
        <Button onClick={submit} disabled={!dirty || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save competitors'}
        </Button>
        {dirty ? <span className="muted">Unsaved changes</span> : null}
      </div>
    </>
  );
}

/**
 * Settings > General > Competitors: the names every call's mentions look for (the meeting page's Call stats).
 * Admins edit the list; everyone else reads it.
 */
export function CompetitorsSettings({ profile }: { profile: TProfileResponse }) {
  const canEdit = isAdminRole(profile.role || profile.database_record.role);
  const competitors = useCompetitors();
  let body;
  if (competitors.isPending) body = <Spinner label="Loading competitors" />;
  else if (competitors.isError) {
    body = (
      <div className="empty-state" role="alert">
        <p>Failed to load the competitors</p>
        <Button variant="secondary" onClick={() => void competitors.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (canEdit) body = <CompetitorsEditor saved={competitors.data.names} />;
  else if (competitors.data.names.length === 0) body = <p className="muted">No competitors yet. Ask an admin to add them.</p>;
  else body = <CompetitorList names={competitors.data.names} onRemove={null} />;

  return (
    <Card title="Competitors" className="competitors-card">
      <p className="muted competitors-intro">
        {canEdit
          ? 'The companies you compete with. Each call’s stats list where they are named.'
          : 'The companies you compete with, named in each call’s stats. Only admins can change the list.'}
      </p>
      {body}
    </Card>
  );
}
