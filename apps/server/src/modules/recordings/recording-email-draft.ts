import type { TFollowUpEmail } from './recording-email-types';

export type EmailSource = {
  title: string;
  summary: string | null;
  keyPoints: string[];
  recordedAt: Date;
  /** Attendees' display names (or addresses) the greeting names. */
  recipients: { email: string; displayName?: string }[];
  senderName: string;
};

function firstName(r: { email: string; displayName?: string }): string {
  const name = r.displayName?.trim() || r.email.split('@')[0]!.split(/[._-]/)[0]!;
  const first = name.split(/\s+/)[0]!;
  return first.charAt(0).toUpperCase() + first.slice(1);
}

function greeting(recipients: EmailSource['recipients']): string {
  const names = recipients.map(firstName);
  if (names.length === 0 || names.length > 3) return 'Hi all,';
  if (names.length === 1) return `Hi ${names[0]},`;
  return `Hi ${names.slice(0, -1).join(', ')} and ${names.at(-1)},`;
}

/** A follow-up written from the recording's own summary and key points: no model needed. */
export function templateFollowUp(source: EmailSource): Omit<TFollowUpEmail, 'to'> {
  const day = source.recordedAt.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const lines = [greeting(source.recipients), '', `Thank you for your time on ${day}. Here is a short recap of our conversation.`];
  if (source.summary) lines.push('', source.summary);
  if (source.keyPoints.length > 0) lines.push('', 'Key points:', ...source.keyPoints.map((p) => `- ${p}`));
  lines.push('', 'Please let me know if I missed anything or if you have any questions.', '', 'Best regards,', source.senderName);
  return { subject: `Follow-up: ${source.title}`, body: lines.join('\n') };
}
