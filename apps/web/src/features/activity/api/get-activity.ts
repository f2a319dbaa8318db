import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZActivityPage, type TActivityPage } from '@pipewise/contract/activity';
import type { TRecordType } from '@pipewise/contract/notes';
import { http } from '../../../lib/http';
import { activityQueryKeys } from './activity-query-keys';

export const ACTIVITY_PAGE_SIZE = 20;

/** One page of a record's timeline (notes, changes, recordings, meetings), newest first. */
export async function fetchActivity(recordType: TRecordType, recordId: string, cursor: string | null): Promise<TActivityPage> {
  const query = new URLSearchParams({ record_type: recordType, record_id: recordId, limit: String(ACTIVITY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return ZActivityPage.parse(await http.get(`/api/activity?${query.toString()}`));
}

export const activityQueryOptions = (recordType: TRecordType, recordId: string) =>
  infiniteQueryOptions({
    queryKey: activityQueryKeys.record(recordType, recordId),
    queryFn: ({ pageParam }) => fetchActivity(recordType, recordId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: recordId !== '',
  });

export function useActivity(recordType: TRecordType, recordId: string) {
  return useInfiniteQuery(activityQueryOptions(recordType, recordId));
}
