import type { DealReads } from '../../deals/deal-reads';
import type { RecordingReads } from '../../recordings/recording-reads';

export type { DealHit } from '../../deals/deal-reads';
export type { MeetingHit } from '../../recordings/recording-reads';

export type SearchReads = { deals: Pick<DealReads, 'fullTextSearch'>; recordings: Pick<RecordingReads, 'fullTextSearch'> };

/** Full-text search over the meetings and deals the caller may see, through the recordings' and deals' reads. */
export function createSearchRepo(reads: SearchReads) {
  return {
    meetings: reads.recordings.fullTextSearch,
    deals: reads.deals.fullTextSearch,
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
