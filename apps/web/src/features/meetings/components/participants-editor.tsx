import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TParticipant } from '@pipewise/contract/participants';
import { AttendeePicker, type PickedAttendee } from '../../../components/ui/attendee-picker';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useAttendeeOptions, useParticipants } from '../api/get-participants';
import { useParticipantMutations } from '../api/participant-mutations';

const RESPONSES = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'needsAction', label: 'Awaiting response' },
  { value: 'tentative', label: 'Tentative' },
];

const nameOf = (p: TParticipant) => p.name?.trim() || p.email || 'Unnamed';
const failed = (error: unknown) =>
  toast.error(isApiError(error) && error.detail ? error.detail : 'The change could not be saved. Try again.');

type Mutations = ReturnType<typeof useParticipantMutations>;

function EditForm({ p, mutations, onDone }: { p: TParticipant; mutations: Mutations; onDone: () => void }) {
  const [name, setName] = useState(p.name ?? '');
  const [email, setEmail] = useState(p.email ?? '');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const patch = { name: name.trim() || undefined, email: email.trim() ? email.trim() : null };
    mutations.update.mutate({ id: p.id, patch }, { onSuccess: onDone, onError: failed });
  };
  return (
    <form className="participant-edit-form" onSubmit={save} noValidate>
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="participant-edit-actions">
        <Button type="submit" aria-busy={mutations.update.isPending || undefined} disabled={mutations.update.isPending}>
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ParticipantRow({ p, labels, mutations }: { p: TParticipant; labels: string[]; mutations: Mutations }) {
  const [editing, setEditing] = useState(false);
  const name = nameOf(p);
  const update = (patch: Parameters<Mutations['update']['mutate']>[0]['patch']) =>
    mutations.update.mutate({ id: p.id, patch }, { onError: failed });
  if (editing) {
    return (
      <li className="participant-editor-row">
        <EditForm p={p} mutations={mutations} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="participant-editor-row">
      <div className="participant-editor-who">
        <span className="participant-name">{name}</span>
        {p.email && p.email !== name ? <span className="participant-email">{p.email}</span> : null}
      </div>
      <SelectField
        label={`Response of ${name}`}
        options={RESPONSES}
        value={p.response_status ?? 'needsAction'}
        onChange={(e) => update({ response_status: e.target.value as NonNullable<TParticipant['response_status']> })}
      />
      <SelectField
        label={`Speaker label of ${name}`}
        options={[{ value: '', label: 'No speaker label' }, ...labels.map((l) => ({ value: l, label: l }))]}
        value={p.speaker_label ?? ''}
        onChange={(e) => update({ speaker_label: e.target.value || null })}
        disabled={labels.length === 0 && !p.speaker_label}
      />
      <div className="participant-editor-actions">
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        {p.can_add_as_contact ? (
          <Button
            variant="secondary"
            aria-label={`Add ${name} as contact`}
            onClick={() =>
              mutations.addAsContact.mutate(p.id, { onSuccess: () => toast.success(`${name} was added as a contact`), onError: failed })
            }
            disabled={mutations.addAsContact.isPending}
          >
            Add as contact
          </Button>
        ) : null}
        <Button variant="secondary" aria-label={`Remove ${name}`} onClick={() => mutations.remove.mutate(p.id, { onError: failed })}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * Corrections on the meeting page (issue 30): add a participant (users and contacts suggested,
 * outside emails typed), remove one, change their name, email or response, map a transcript
 * speaker label to them, and add an outside address as a contact on the deal.
 */
export function ParticipantsEditor({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const participants = useParticipants(videoId, open);
  const mutations = useParticipantMutations(videoId);
  const add = (picked: PickedAttendee[]) => {
    const p = picked[0];
    if (!p) return;
    const input = p.user_id ? { user_id: p.user_id } : p.contact_id ? { contact_id: p.contact_id } : { email: p.email ?? undefined };
    mutations.add.mutate(input, { onError: failed });
  };
  if (!open) {
    return (
      <div className="participants-editor">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Correct participants
        </Button>
      </div>
    );
  }
  return (
    <section className="participants-editor" aria-labelledby="participants-editor-title">
      <div className="participants-editor-head">
        <h3 id="participants-editor-title">Correct participants</h3>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Done
        </Button>
      </div>
      <AttendeePicker label="Add participant" value={[]} onChange={add} useSuggestions={useAttendeeOptions} single />
      {mutations.add.isPending ? <Spinner label="Adding participant" size={16} /> : null}
      {participants.isPending ? (
        <Spinner label="Loading participants" />
      ) : participants.isError ? (
        <div className="empty-state" role="alert">
          <p>Failed to load the participants</p>
          <Button variant="secondary" onClick={() => void participants.refetch()}>
            Retry
          </Button>
        </div>
      ) : participants.data.data.length === 0 ? (
        <p className="empty-state">No participants found</p>
      ) : (
        <ul className="participant-editor-list" aria-label="Participants to correct">
          {participants.data.data.map((p) => (
            <ParticipantRow key={p.id} p={p} labels={participants.data.speaker_labels} mutations={mutations} />
          ))}
        </ul>
      )}
    </section>
  );
}
