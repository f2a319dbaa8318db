import type { TMeetAttendee, TVideo } from '@pipewise/contract/videos';
import { usDayFormat } from '../../../lib/first-use';

export function meetingDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? usDayFormat().format(date) : 'Date unknown';
}

/** An attendee by name, else the part of the email before the @. */
export const attendeeName = (a: Pick<TMeetAttendee, 'email' | 'displayName'>) => a.displayName?.trim() || a.email.split('@')[0] || a.email;

/** Up to two names, then '... +N more' (the calls list's habit). */
export function participantsText(attendees: readonly TMeetAttendee[]): string {
  if (attendees.length === 0) return 'No participants';
  const names = attendees.map(attendeeName);
  return names.length > 2 ? `${names.slice(0, 2).join(', ')} ... +${names.length - 2} more` : names.join(', ');
}

const SENTIMENT_LABELS = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;

export const sentimentText = (video: Pick<TVideo, 'sentiment' | 'status'>) =>
  video.sentiment ? SENTIMENT_LABELS[video.sentiment] : video.status === 'ready' || video.status === 'failed' ? 'N/A' : 'Pending';

export const durationText = (minutes: number | null) =>
  minutes === null ? 'Duration unknown' : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export const participantCountText = (count: number) => `${count} ${count === 1 ? 'participant' : 'participants'}`;
