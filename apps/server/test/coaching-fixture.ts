import type { Db } from '../src/db/client';
import { callStatsPeople, recordings } from '../src/db/schema';

/**
 * Calls with separated speakers as the Coaching page reads them: a recording and its rows of
 * call_stats_people (one per team-side user who spoke), written straight to the tables, as the
 * coaching module's statistics step leaves them.
 */

/** One person's figures on one call (call_stats_people's columns). */
export type CallFigures = {
  talk_ratio: number;
  longest_monologue_seconds: number;
  longest_monologue_start: number | null;
  interactivity: number;
  patience_seconds: number | null;
  questions: number;
  questions_per_hour: number;
  words_per_minute: number | null;
  fillers_per_minute: number | null;
};

export type CoachingCall = {
  title: string;
  uploader: { id: string; organizationId: string; email: string };
  recordedAt: Date;
  durationSeconds?: number;
  speakers: { userId: string; figures: CallFigures }[];
};

/** The figures' rows of a recording for call_stats_people. */
export function callStatsRows(recordingId: string, call: Omit<CoachingCall, 'title'>): (typeof callStatsPeople.$inferInsert)[] {
  return call.speakers.map(({ userId, figures: f }) => ({
    recordingId,
    organizationId: call.uploader.organizationId,
    userId,
    uploadedBy: call.uploader.id,
    recordedAt: call.recordedAt,
    durationSeconds: call.durationSeconds ?? 1800,
    talkRatio: f.talk_ratio,
    longestMonologueSeconds: f.longest_monologue_seconds,
    longestMonologueStart: f.longest_monologue_start,
    interactivity: f.interactivity,
    patienceSeconds: f.patience_seconds,
    questions: f.questions,
    questionsPerHour: f.questions_per_hour,
    wordsPerMinute: f.words_per_minute,
    fillersPerMinute: f.fillers_per_minute,
  }));
}

/** A ready transcript-only recording uploaded by `uploader`, with its speakers' figures; returns its id. */
export async function addCoachingCall(db: Db, call: CoachingCall): Promise<string> {
  const [row] = await db
    .insert(recordings)
    .values({
      organizationId: call.uploader.organizationId,
      uploadedBy: call.uploader.id,
      uploaderEmail: call.uploader.email,
      title: call.title,
      uploadType: 'transcription',
      kind: 'call',
      status: 'ready',
      recordedAt: call.recordedAt,
    })
    .returning({ id: recordings.id });
  if (call.speakers.length) await db.insert(callStatsPeople).values(callStatsRows(row!.id, call));
  return row!.id;
}
