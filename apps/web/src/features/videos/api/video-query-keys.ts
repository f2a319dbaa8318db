import { UPLOAD_PIPELINES_QUERY_KEY } from '../../../lib/query-keys';

/** Every videos query key starts with VIDEOS_QUERY_KEY, so an upload, retry or delete can refresh them all. */
export const VIDEOS_QUERY_KEY = ['videos'] as const;

export const videoQueryKeys = {
  mine: () => [...VIDEOS_QUERY_KEY, 'mine'] as const,
  team: () => [...VIDEOS_QUERY_KEY, 'team'] as const,
  dealOptions: () => [...VIDEOS_QUERY_KEY, 'deal-options'] as const,
  attendeeOptions: (q: string) => [...VIDEOS_QUERY_KEY, 'attendee-options', q] as const,
  pipelines: () => UPLOAD_PIPELINES_QUERY_KEY,
};
