import type { MeetingReads } from '../../calendar/meeting-reads';
import type { DealReads } from '../../deals/deal-reads';
import type { RecordingReads } from '../../recordings/recording-reads';

/**
 * Recordings, stakeholders and calendar calls the caller may see, through the owners' reads (the
 * recordings', deals' and calendar's own rules), built in services.ts.
 */
export type { CallLine } from '../../calendar/meeting-reads';
export type { StakeholderLine } from '../../deals/deal-reads';
export type { MeetingLine } from '../../recordings/recording-reads';

export type MeetingsReads = {
  recordings: Pick<RecordingReads, 'latestForCompanies'>;
  deals: Pick<DealReads, 'stakeholders'>;
  calendar: Pick<MeetingReads, 'calls'>;
};

export function createMeetingsRepo(reads: MeetingsReads) {
  return {
    /** The latest recordings of the accounts' deals, newest first. */
    latestForCompanies: reads.recordings.latestForCompanies,
    /** Stakeholders of the given deals, decision makers first. */
    stakeholders: reads.deals.stakeholders,
    /** Live calls starting in [from, to) on the calendars of the caller and everyone they see; optionally the accounts' deals' only. */
    calls: reads.calendar.calls,
  };
}

export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
