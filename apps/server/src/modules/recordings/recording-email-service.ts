import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatModel } from '../../adapters/llm/llm-port';
import type { Db } from '../../db/client';
import { recordingParticipants, recordings, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { scope } from '../access/scopes';
import { templateFollowUp, type EmailSource } from './recording-email-draft';
import type { TFollowUpEmail } from './recording-email-types';

export const RECORDING_EMAIL_MESSAGES = { notFound: 'Video not found' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZModelEmail = z.object({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(20).max(5000) });

const SYSTEM = [
  'You write short, friendly follow-up emails after sales meetings.',
  'Answer with one JSON object: {"subject": string, "body": string}. The body is plain text: a greeting,',
  'a two or three sentence recap, the key points as "- " lines, next steps, and a sign-off with the sender name.',
  'Use only facts given to you.',
].join(' ');

export type RecordingEmailDeps = { database: { db: Db }; adapters: { llm: ChatModel | undefined }; log: FastifyBaseLogger };

/** Generate AI Email: a follow-up drafted from a recording the caller may see. */
export function createRecordingEmailService({ database: { db }, adapters: { llm }, log }: RecordingEmailDeps) {
  return {
    async draft(caller: Caller, recordingId: string): Promise<TFollowUpEmail> {
      if (!UUID.test(recordingId)) throw notFound(RECORDING_EMAIL_MESSAGES.notFound);
      const [row] = await db
        .select({
          title: recordings.title,
          summary: recordings.summary,
          keyPoints: recordings.keyPoints,
          uploadedBy: recordings.uploadedBy,
          recordedAt: recordings.recordedAt,
          createdAt: recordings.createdAt,
        })
        .from(recordings)
        .where(and(eq(recordings.id, recordingId), scope.recordings(caller)));
      if (!row) throw notFound(RECORDING_EMAIL_MESSAGES.notFound);

      const me = caller.email.toLowerCase();
      // The recording's participants with an address (issue 30), the caller aside.
      const attendees = (
        await db
          .select({ email: recordingParticipants.email, name: recordingParticipants.name })
          .from(recordingParticipants)
          .where(and(eq(recordingParticipants.recordingId, recordingId), isNotNull(recordingParticipants.email)))
          .orderBy(desc(recordingParticipants.organizer), asc(recordingParticipants.createdAt), asc(recordingParticipants.id))
      ).map((p) => ({ email: p.email!, displayName: p.name ?? undefined }));
      const recipients = [
        ...new Map(attendees.filter((a) => a.email.toLowerCase() !== me).map((a) => [a.email.toLowerCase(), a])).values(),
      ];
      const [sender] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, caller.id));
      const source: EmailSource = {
        title: row.title,
        summary: row.summary,
        keyPoints: row.keyPoints,
        recordedAt: row.recordedAt ?? row.createdAt,
        recipients,
        senderName: [sender?.first, sender?.last].filter(Boolean).join(' ') || caller.email,
      };
      const to = recipients.map((r) => r.email);
      if (llm) {
        try {
          const facts = {
            meeting: source.title,
            date: source.recordedAt.toISOString().slice(0, 10),
            summary: source.summary,
            key_points: source.keyPoints,
            recipients: recipients.map((r) => r.displayName ?? r.email),
            sender: source.senderName,
          };
          const email = await llm.json({ system: SYSTEM, user: JSON.stringify(facts), schema: ZModelEmail });
          return { ...email, to };
        } catch (e) {
          log.warn(
            { error: e instanceof Error ? e.message : String(e) },
            'the chat model could not draft the follow-up: using the template',
          );
        }
      }
      return { ...templateFollowUp(source), to };
    },
  };
}

export type RecordingEmailService = ReturnType<typeof createRecordingEmailService>;
