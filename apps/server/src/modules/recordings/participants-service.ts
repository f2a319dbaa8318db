import type { TContactCreateBody } from '@pipewise/contract/companies';
import {
  PARTICIPANT_MESSAGES as PM,
  ZParticipantInputs,
  type TAttendeeOption,
  type TParticipant,
  type TParticipantInput,
  type TParticipantPatch,
  type TParticipantsResponse,
} from '@pipewise/contract/participants';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { Caller, Viewer } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { CallAttendance } from '../calendar/meeting-reads';
import type { DealsService } from '../deals/deals-service';
import { RECORDING_MESSAGES as M } from './recording-messages';
import {
  contactNameOf,
  emailKey,
  isGenericSpeakerLabel,
  matchPerson,
  nameKey,
  participantForLabel,
  type ContactCandidate,
  type UserCandidate,
} from './participant-matching';
import type { NewParticipant, ParticipantRow, ParticipantsRepo } from './participants-repo';
import type { RecordingsRepo } from './recordings-repo';

/** A recording's time matches a call on its deal from this long before the call's start to this long after its end. */
export const CALL_MATCH_MARGIN_MINUTES = 15;

export type ParticipantsDeps = {
  db: Db;
  repos: (on: DbOrTx) => { participants: ParticipantsRepo };
  recordings: Pick<RecordingsRepo, 'findVisible' | 'subjectOf'>;
  /** Everyone in the viewer's workspace (users module's reads). */
  people: (viewer: Viewer) => Promise<UserCandidate[]>;
  /** Contacts the viewer sees with one of these emails, or of the company (contacts module's reads). */
  contactCandidates: (viewer: Viewer, emails: string[], companyId: string | null) => Promise<ContactCandidate[]>;
  contactsByIds: (viewer: Viewer, ids: string[]) => Promise<ContactCandidate[]>;
  searchContacts: (caller: Caller, text: string, limit: number) => Promise<ContactCandidate[]>;
  /** Live calls on the deal the viewer sees around a time (calendar module's reads). */
  callsAround: (viewer: Viewer, dealId: number, at: Date, marginMinutes: number) => Promise<CallAttendance[]>;
  /** The contacts screen's create: duplicate emails refused 409, HubSpot first on a HubSpot workspace. */
  createContact: (caller: Caller, body: TContactCreateBody) => Promise<{ id: string }>;
  deals: Pick<DealsService, 'get' | 'stakeholders' | 'setStakeholders'>;
  /** After a person corrected the participants (added, edited, removed, added as contact): who spoke changes the call's statistics. */
  onCorrected?: (recordingId: string) => Promise<void>;
};

const badAttendees = (message: string) => new HttpError(400, message, { errors: [{ field: 'attendees', message }] });

/** A participant as the API answers it, for one viewer. */
export function toParticipant(p: ParticipantRow, viewer: Viewer): TParticipant {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    user_id: p.userId,
    contact_id: p.contactId,
    response_status: p.responseStatus as TParticipant['response_status'],
    organizer: p.organizer,
    source: p.source as TParticipant['source'],
    speaker_label: p.speakerLabel,
    self: p.userId !== null && p.userId === viewer.id,
    can_add_as_contact: p.email !== null && p.userId === null && p.contactId === null,
  };
}

/**
 * A recording's participants (issue 30, item 1): from the upload dialog, the matching calendar call
 * and the transcript's named speakers, each matched to a workspace user or a contact; corrected on
 * the meeting page by whoever sees the recording (access `recording.participants.edit`).
 */
export function createParticipantsService(deps: ParticipantsDeps) {
  const { db, repos } = deps;

  async function dealCompany(caller: Caller, dealId: number | null): Promise<string | null> {
    if (dealId === null) return null;
    try {
      return (await deps.deals.get(caller, dealId)).company_id;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return null;
      throw error;
    }
  }

  /** The users and contacts the caller may match these people to. */
  async function candidates(caller: Caller, people: { email?: string | null; name?: string | null }[], dealId: number | null) {
    const emails = [...new Set(people.map((p) => emailKey(p.email)).filter(Boolean))];
    const [users, companyId] = await Promise.all([deps.people(caller), dealCompany(caller, dealId)]);
    const contacts = await deps.contactCandidates(caller, emails, companyId);
    return { users, contacts, companyId };
  }

  /**
   * Dialog or meeting-page attendees as rows: a named user or contact must be one the caller sees
   * (400 otherwise), a typed email or name is matched; one row per address.
   */
  async function resolve(
    caller: Caller,
    inputs: TParticipantInput[],
    dealId: number | null,
    source: 'upload' | 'edited',
  ): Promise<NewParticipant[]> {
    if (inputs.length === 0) return [];
    const c = await candidates(caller, inputs, dealId);
    const named = await deps.contactsByIds(caller, [...new Set(inputs.flatMap((i) => (i.contact_id ? [i.contact_id] : [])))]);
    const rows = new Map<string, NewParticipant>();
    for (const input of inputs) {
      let { email = null, name = null } = input;
      let match = { userId: null as string | null, contactId: null as string | null };
      if (input.user_id) {
        const user = c.users.find((u) => u.id === input.user_id);
        if (!user) throw badAttendees(PM.unknownUser);
        match = { userId: user.id, contactId: null };
        email ??= user.email.toLowerCase();
        name ??= user.name || null;
      } else if (input.contact_id) {
        const contact = named.find((k) => k.id === input.contact_id);
        if (!contact) throw badAttendees(PM.unknownContact);
        match = { userId: null, contactId: contact.id };
        email ??= contact.email?.toLowerCase() ?? null;
        name ??= contact.name || null;
      } else {
        match = matchPerson({ email, name }, c.users, c.contacts, c.companyId);
      }
      const key = email ? `e:${email}` : `n:${nameKey(name)}`;
      if (rows.has(key)) continue;
      rows.set(key, {
        name,
        email,
        ...match,
        responseStatus: input.response_status ?? 'accepted',
        organizer: false,
        source,
      });
    }
    return [...rows.values()];
  }

  async function seen(caller: Caller, id: string) {
    const recording = isUuid(id) ? await deps.recordings.findVisible(caller, id) : null;
    if (!recording) throw new HttpError(404, M.notFound);
    return recording;
  }

  async function editable(caller: Caller, id: string) {
    const recording = isUuid(id) ? await deps.recordings.findVisible(caller, id) : null;
    assertCan(caller, 'recording.participants.edit', { seen: recording !== null });
    return recording!;
  }

  async function answer(caller: Caller, recordingId: string): Promise<TParticipantsResponse> {
    const r = repos(db).participants;
    const [rows, labels] = await Promise.all([r.list(recordingId), r.speakerLabels(recordingId)]);
    return { data: rows.map((p) => toParticipant(p, caller)), speaker_labels: labels };
  }

  async function mustFind(recordingId: string, pid: string): Promise<ParticipantRow> {
    const p = isUuid(pid) ? await repos(db).participants.find(recordingId, pid) : null;
    if (!p) throw new HttpError(404, PM.notFound);
    return p;
  }

  /** Tells whoever follows the corrections (the call statistics); a failure there does not undo the correction. */
  async function corrected(recordingId: string): Promise<void> {
    await deps.onCorrected?.(recordingId).catch(() => undefined);
  }

  async function emailTaken(recordingId: string, email: string, exceptId?: string): Promise<boolean> {
    return (await repos(db).participants.list(recordingId)).some((p) => p.id !== exceptId && emailKey(p.email) === email);
  }

  return {
    /** The upload form's `attendees` field (JSON), checked and resolved before anything is stored: 400 when bad. */
    async fromUploadField(caller: Caller, raw: string | undefined, dealId: number | null): Promise<NewParticipant[]> {
      if (raw === undefined || raw.trim() === '') return [];
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw badAttendees(PM.attendeesNotJson);
      }
      const parsed = ZParticipantInputs.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const typed = issue.path.at(-1) === 'email' ? PM.badEmail(String(lookup(json, issue.path) ?? '')) : null;
        throw badAttendees(typed ?? (Array.isArray(json) ? issue.message : PM.attendeesNotJson));
      }
      return resolve(caller, parsed.data, dealId, 'upload');
    },

    /** Writes the upload's attendees with its recording (inside the transaction that files it). */
    store: (on: DbOrTx, organizationId: string, recordingId: string, rows: NewParticipant[]) =>
      repos(on).participants.add(organizationId, recordingId, rows),

    /**
     * The processing step (after the transcript): the attendees of the call on the recording's deal
     * whose time matches the recording's (recorded, else uploaded), with their responses, and each
     * named speaker of the transcript. Idempotent: a run again adds nothing twice.
     */
    async fromCallAndTranscript(recordingId: string): Promise<void> {
      const subject = await deps.recordings.subjectOf(recordingId);
      if (!subject) return;
      const r = repos(db).participants;
      const uploader = subject.uploader;
      const calls =
        uploader && subject.dealId !== null ? await deps.callsAround(uploader, subject.dealId, subject.at, CALL_MATCH_MARGIN_MINUTES) : [];
      const attendees = calls[0]?.attendees.filter((a) => a.email) ?? [];
      const labels = (await r.speakerLabels(recordingId)).filter((l) => !isGenericSpeakerLabel(l));
      const people = [...attendees.map((a) => ({ email: a.email, name: a.displayName ?? null })), ...labels.map((l) => ({ name: l }))];
      const c = uploader ? await candidates(uploader, people, subject.dealId) : { users: [], contacts: [], companyId: null };
      const match = (p: { email?: string | null; name?: string | null }) => matchPerson(p, c.users, c.contacts, c.companyId);

      await r.add(
        subject.organizationId,
        recordingId,
        attendees.map((a) => {
          const email = a.email.trim().toLowerCase();
          const name = a.displayName?.trim() || null;
          return {
            name,
            email,
            ...match({ email, name }),
            responseStatus: a.responseStatus,
            organizer: a.organizer === true,
            source: 'call',
          };
        }),
      );
      for (const label of labels) {
        const current = await r.list(recordingId);
        if (current.some((p) => p.speakerLabel === label)) continue;
        const same = participantForLabel(label, current);
        if (same) {
          if (same.speakerLabel === null) await r.update(recordingId, same.id, { speakerLabel: label });
          continue;
        }
        await r.add(subject.organizationId, recordingId, [
          {
            name: label,
            email: null,
            ...match({ name: label }),
            responseStatus: 'accepted',
            organizer: false,
            source: 'transcript',
            speakerLabel: label,
          },
        ]);
      }
    },

    async list(caller: Caller, id: string): Promise<TParticipantsResponse> {
      const recording = await seen(caller, id);
      return answer(caller, recording.id);
    },

    async add(caller: Caller, id: string, input: TParticipantInput): Promise<TParticipantsResponse> {
      const recording = await editable(caller, id);
      const [row] = await resolve(caller, [input], recording.dealId, 'edited');
      if (row!.email && (await emailTaken(recording.id, row!.email))) throw new HttpError(409, PM.duplicateEmail);
      await repos(db).participants.add(caller.organizationId, recording.id, [row!]);
      await corrected(recording.id);
      return answer(caller, recording.id);
    },

    async update(caller: Caller, id: string, pid: string, patch: TParticipantPatch): Promise<TParticipantsResponse> {
      const recording = await editable(caller, id);
      const current = await mustFind(recording.id, pid);
      const r = repos(db).participants;
      const email = patch.email === undefined ? current.email : patch.email;
      const name = patch.name ?? current.name;
      if (!email && !name) throw new HttpError(400, PM.nobody);
      if (email && emailKey(email) !== emailKey(current.email) && (await emailTaken(recording.id, email, pid)))
        throw new HttpError(409, PM.duplicateEmail);
      const change: Parameters<ParticipantsRepo['update']>[2] = { source: 'edited' };
      if (patch.name !== undefined) change.name = patch.name;
      if (patch.response_status !== undefined) change.responseStatus = patch.response_status;
      if (patch.email !== undefined || patch.name !== undefined) {
        change.email = email;
        // Who they are follows the corrected name or address.
        const c = await candidates(caller, [{ email }], recording.dealId);
        Object.assign(change, matchPerson({ email, name }, c.users, c.contacts, c.companyId));
      }
      if (patch.speaker_label !== undefined) {
        if (patch.speaker_label !== null && !(await r.speakerLabels(recording.id)).includes(patch.speaker_label))
          throw new HttpError(400, PM.unknownLabel, { errors: [{ field: 'speaker_label', message: PM.unknownLabel }] });
        // A label is one person's: whoever had it gives it up.
        if (patch.speaker_label !== null) {
          for (const other of await r.list(recording.id))
            if (other.id !== pid && other.speakerLabel === patch.speaker_label)
              await r.update(recording.id, other.id, { speakerLabel: null });
        }
        change.speakerLabel = patch.speaker_label;
      }
      await r.update(recording.id, pid, change);
      await corrected(recording.id);
      return answer(caller, recording.id);
    },

    async remove(caller: Caller, id: string, pid: string): Promise<void> {
      const recording = await editable(caller, id);
      if (!isUuid(pid) || !(await repos(db).participants.remove(recording.id, pid))) throw new HttpError(404, PM.notFound);
      await corrected(recording.id);
    },

    /**
     * "Add as contact": an outside address becomes a contact (the contacts screen's create, so a
     * duplicate email is refused 409 and the participant stays as it was; HubSpot first on a HubSpot
     * workspace), a stakeholder of the recording's deal where the caller may edit it, and the participant's contact.
     */
    async addAsContact(caller: Caller, id: string, pid: string): Promise<TParticipantsResponse> {
      const recording = await editable(caller, id);
      const p = await mustFind(recording.id, pid);
      if (!p.email) throw new HttpError(400, PM.noEmail);
      if (p.userId || p.contactId) throw new HttpError(409, PM.alreadyKnown);
      const companyId = await dealCompany(caller, recording.dealId);
      const contact = await deps.createContact(caller, { ...contactNameOf(p.name, p.email), email: p.email, company_id: companyId });
      await repos(db).participants.update(recording.id, pid, { contactId: contact.id });
      if (recording.dealId !== null) {
        try {
          const current = (await deps.deals.stakeholders(caller, recording.dealId)).map((k) => k.id);
          if (!current.includes(contact.id)) await deps.deals.setStakeholders(caller, recording.dealId, [...current, contact.id]);
        } catch (error) {
          // A deal the caller may not edit keeps its stakeholders; the contact is made and matched all the same.
          if (!(error instanceof HttpError && error.statusCode < 500)) throw error;
        }
      }
      await corrected(recording.id);
      return answer(caller, recording.id);
    },

    /** The upload dialog's and the meeting page's suggestions: workspace users and contacts the caller sees. */
    async options(caller: Caller, q: string): Promise<TAttendeeOption[]> {
      const term = q.trim().toLowerCase();
      const users = (await deps.people(caller))
        .filter((u) => !term || u.name.toLowerCase().includes(term) || u.email.toLowerCase().includes(term))
        .slice(0, 8)
        .map((u): TAttendeeOption => ({ kind: 'user', id: u.id, name: u.name || u.email, email: u.email }));
      const contacts = (await deps.searchContacts(caller, term, 8)).map((k): TAttendeeOption => ({
        kind: 'contact',
        id: k.id,
        name: k.name || k.email || '',
        email: k.email,
      }));
      return [...users, ...contacts];
    },
  };
}

/** The value at a zod issue's path. */
function lookup(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), value);
}

export type ParticipantsService = ReturnType<typeof createParticipantsService>;
