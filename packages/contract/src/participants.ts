import { z } from 'zod';
import { EMAIL_PATTERN } from './common';
import { RESPONSE_STATUSES } from './videos';

/** Issue 30, item 1: who was on a recorded call, and where we learnt it. */
export const PARTICIPANT_SOURCES = ['upload', 'call', 'transcript', 'edited'] as const;
export const PARTICIPANTS_MAX = 100;

export const PARTICIPANT_MESSAGES = {
  badEmail: (email: string) => `"${email.slice(0, 80)}" is not a valid email address`,
  nobody: 'Each attendee needs a name, an email, a user or a contact',
  tooMany: `At most ${PARTICIPANTS_MAX} attendees`,
  attendeesNotJson: 'attendees must be a JSON list of {email, name, user_id, contact_id}',
  unknownUser: 'Unknown user',
  unknownContact: 'Unknown contact',
  notFound: 'Participant not found',
  duplicateEmail: 'Someone with this email is already a participant',
  noEmail: 'Only a participant with an email can be added as a contact',
  alreadyKnown: 'This participant is already a user or a contact',
  unknownLabel: 'That speaker label is not in the transcript',
} as const;

const email = z
  .string()
  .trim()
  .max(254)
  .refine((v) => EMAIL_PATTERN.test(v), { message: 'Please enter a valid email address' })
  .transform((v) => v.toLowerCase());

/** One attendee as the upload dialog and the meeting page send it: a typed email or name, a user or a contact. */
export const ZParticipantInput = z
  .object({
    email: email.optional(),
    name: z.string().trim().min(1).max(200).optional(),
    user_id: z.uuid().optional(),
    contact_id: z.uuid().optional(),
    response_status: z.enum(RESPONSE_STATUSES).optional(),
  })
  .refine((p) => p.email || p.name || p.user_id || p.contact_id, { message: PARTICIPANT_MESSAGES.nobody });
export type TParticipantInput = z.infer<typeof ZParticipantInput>;
export const ZParticipantInputs = z.array(ZParticipantInput).max(PARTICIPANTS_MAX, PARTICIPANT_MESSAGES.tooMany);

/** A correction: a new name, email or response, or the transcript speaker label mapped to them (null: none). */
export const ZParticipantPatch = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    email: email.nullable().optional(),
    response_status: z.enum(RESPONSE_STATUSES).optional(),
    speaker_label: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Nothing to change' });
export type TParticipantPatch = z.infer<typeof ZParticipantPatch>;

export const ZParticipant = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  user_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  response_status: z.enum(RESPONSE_STATUSES).nullable(),
  organizer: z.boolean(),
  source: z.enum(PARTICIPANT_SOURCES),
  speaker_label: z.string().nullable(),
  /** The current user. */
  self: z.boolean(),
  /** An outside email no user or contact has: the meeting page offers "Add as contact". */
  can_add_as_contact: z.boolean(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

/** GET /api/videos/{id}/participants: the participants, and the transcript's speaker labels to map. */
export const ZParticipantsResponse = z.object({ data: z.array(ZParticipant), speaker_labels: z.array(z.string()) });
export type TParticipantsResponse = z.infer<typeof ZParticipantsResponse>;

/** GET /api/videos/attendee-options?q=: workspace users and contacts the caller sees, matching q. */
export const ZAttendeeOptionsQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ZAttendeeOption = z.object({
  kind: z.enum(['user', 'contact']),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type TAttendeeOption = z.infer<typeof ZAttendeeOption>;
export const ZAttendeeOptions = z.object({ data: z.array(ZAttendeeOption) });
