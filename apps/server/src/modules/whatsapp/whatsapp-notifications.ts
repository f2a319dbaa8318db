import type { FastifyBaseLogger } from 'fastify';
import type { WhatsappSender, WhatsappTemplate } from '../../adapters/whatsapp/whatsapp-port';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { CallLine, MeetingReads } from '../calendar/meeting-reads';
import type { RecordingReads } from '../recordings/recording-reads';
import type { TaskReads } from '../tasks/task-reads';
import { dayRange, localDate, localTime } from '../assistant/questions/time-zone';
import type { WhatsappConversationRepo } from './whatsapp-conversation-repo';
import { zoneOfUser } from './whatsapp-conversation';
import type { WhatsappVerification } from './whatsapp-verification';
import { absolute } from './whatsapp-conversation-text';
import { whatsappDigestJob, whatsappInsightsReadyJob } from './whatsapp-notifications-jobs';

/** Who verified which number and what they opted in to (the verification's records). */
export type WhatsappDirectory = Pick<WhatsappVerification, 'verifiedUserById' | 'morningDigestRecipients'>;

/** The digest goes out from 08:00 local time; a server that was down at 08:00 still sends it until noon. */
export const DIGEST_HOUR = 8;
const DIGEST_LAST_HOUR = 12;
/** WhatsApp refuses template parameters with line breaks or long runs of spaces; and keeps them short. */
const MAX_PARAMETER = 900;

export type NotificationsDeps = {
  db: Db;
  sender: WhatsappSender;
  repo: WhatsappConversationRepo;
  directory: WhatsappDirectory;
  queue: Pick<JobQueue, 'enqueue'>;
  calendar: Pick<MeetingReads, 'calls'>;
  recordings: Pick<RecordingReads, 'readyNotice'>;
  /** The user's to-dos due that day or overdue, listed after the calls. */
  tasks?: Pick<TaskReads, 'dueOn'>;
  templates: { digest: string; insights: string; language: string };
  appUrl: string;
  now?: () => Date;
};

/** A template parameter: one line, single spaces, within the length WhatsApp takes. */
export function parameter(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_PARAMETER ? flat : `${flat.slice(0, MAX_PARAMETER - 1).trimEnd()}…`;
}

/** The hour of `instant` on the zone's wall clock (0-23). */
function localHour(instant: Date, zone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(instant));
}

/** At most this many to-dos are named; the count says how many there are. */
const DIGEST_TASKS = 10;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const callLine = (c: CallLine, zone: string) =>
  `${c.allDay ? 'All day' : localTime(c.startAt, zone)} ${c.title?.trim() || 'Meeting'}${c.dealName ? ` (${c.dealName})` : ''}`;

/**
 * What Pipewise starts itself on WhatsApp, always as approved templates (it may write outside the
 * 24-hour window only so): the 08:00 digest of the day's calls and "insights ready" for a
 * recording, each for users who opted in.
 */
export function createWhatsappNotifications(deps: NotificationsDeps) {
  const now = deps.now ?? (() => new Date());
  const template = (name: string, bodyParameters: string[]): WhatsappTemplate => ({
    name,
    language: deps.templates.language,
    bodyParameters: bodyParameters.map(parameter),
  });

  return {
    /**
     * Queues the digest of each opted-in user whose local time is past 08:00 and who has not had
     * today's: the day is marked with the job in one transaction, so a user gets one a day however
     * often this runs, on however many workers, across restarts.
     */
    async queueDueDigests(log: FastifyBaseLogger): Promise<number> {
      const at = now();
      let queued = 0;
      for (const user of await deps.directory.morningDigestRecipients()) {
        const zone = zoneOfUser(user);
        const hour = localHour(at, zone);
        if (hour < DIGEST_HOUR || hour >= DIGEST_LAST_HOUR) continue;
        const day = localDate(at, zone);
        const claimed = await deps.db.transaction(async (tx) => {
          if (!(await deps.repo.claimDigest(user.id, day, tx))) return false;
          await deps.queue.enqueue(whatsappDigestJob, { userId: user.id, day }, { db: tx });
          return true;
        });
        if (claimed) queued++;
      }
      if (queued > 0) log.info({ queued }, 'WhatsApp morning digests queued');
      return queued;
    },

    /** Sends the user's digest of the day's calls on their own calendar and their to-dos due that day or overdue (nothing when neither). */
    async sendDigest(userId: string, day: string, log: FastifyBaseLogger): Promise<void> {
      const user = await deps.directory.verifiedUserById(userId);
      if (!user?.notifications.morning_digest) return;
      const zone = zoneOfUser(user);
      const calls = (await deps.calendar.calls(user, dayRange(day, zone), null)).filter((c) => c.ownerId === user.id);
      const todos = deps.tasks ? await deps.tasks.dueOn(user, day, zone, DIGEST_TASKS) : { tasks: [], total: 0 };
      if (calls.length === 0 && todos.total === 0) {
        log.info('WhatsApp digest skipped: no calls or to-dos today');
        return;
      }
      const counts = [
        calls.length > 0 || todos.total === 0 ? plural(calls.length, 'call') : null,
        todos.total > 0 ? plural(todos.total, 'to-do') : null,
      ];
      const named = todos.tasks.map((t) => `${t.title}${t.overdue ? ' (overdue)' : ''}`);
      if (todos.total > todos.tasks.length) named.push(`+${todos.total - todos.tasks.length} more`);
      const todoLine = todos.total > 0 ? `To-dos: ${named.join(', ')}` : null;
      const lines = [calls.map((c) => callLine(c, zone)).join('; ') || null, todoLine].filter(Boolean).join('; ');
      await deps.sender.sendTemplate(user.phoneNumber, template(deps.templates.digest, [counts.filter(Boolean).join(', '), lines]));
    },

    /** Called when a recording has its summary: the uploader's "insights ready" is queued if they opted in (never fails the caller). */
    async recordingReady(recordingId: string, log: FastifyBaseLogger): Promise<void> {
      try {
        // Only for an uploader who asked for it: most recordings need no message and get no job.
        const recording = await deps.recordings.readyNotice(recordingId);
        const user = recording && (await deps.directory.verifiedUserById(recording.uploadedBy));
        if (!user?.notifications.insights_ready) return;
        await deps.queue.enqueue(whatsappInsightsReadyJob, { recordingId }, { dedupeKey: `whatsapp-insights:${recordingId}` });
      } catch (e) {
        log.error({ err: e, recordingId }, 'could not queue the WhatsApp insights-ready message');
      }
    },

    /** Tells the uploader, when they opted in, that the recording's insights are ready, with its page. */
    async sendInsightsReady(recordingId: string): Promise<void> {
      const recording = await deps.recordings.readyNotice(recordingId);
      if (!recording?.summary) return;
      const user = await deps.directory.verifiedUserById(recording.uploadedBy);
      if (!user?.notifications.insights_ready || user.organizationId !== recording.organizationId) return;
      const link = absolute(deps.appUrl, `/dashboard/meeting/${recordingId}`);
      await deps.sender.sendTemplate(user.phoneNumber, template(deps.templates.insights, [`${recording.title} (${link})`]));
    },
  };
}

export type WhatsappNotifications = ReturnType<typeof createWhatsappNotifications>;
