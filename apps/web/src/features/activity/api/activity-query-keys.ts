import { RECORD_TIMELINE_QUERY_KEY } from '../../../lib/query-keys';

/** Every activity query of a record starts with its key, so a note saved reloads its notes and its timeline. */
export const activityQueryKeys = {
  all: RECORD_TIMELINE_QUERY_KEY,
  record: (recordType: string, recordId: string) => [...RECORD_TIMELINE_QUERY_KEY, recordType, recordId] as const,
};
