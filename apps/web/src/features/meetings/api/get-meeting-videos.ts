import { useQuery } from '@tanstack/react-query';
import { ZVideoList, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { meetingQueryKeys, type MeetingTab } from './meeting-query-keys';

const SOURCES: Record<MeetingTab, { path: string; failed: string }> = {
  your: { path: '/api/videos/my-videos?limit=200', failed: 'Failed to load your videos' },
  team: { path: '/api/videos/subordinate-videos?limit=200', failed: 'Failed to load team videos' },
};

/** The tab's recordings; a failure carries the spec's message for that tab. */
export async function fetchMeetingVideos(tab: MeetingTab): Promise<TVideo[]> {
  const source = SOURCES[tab];
  try {
    return ZVideoList.parse(await http.get(source.path));
  } catch (error) {
    console.error(source.failed, error);
    throw new Error(source.failed, { cause: error });
  }
}

/** Switching tab reloads that tab's list (the spec), so it is fetched again on every mount. */
export function useMeetingVideos(tab: MeetingTab) {
  return useQuery({ queryKey: meetingQueryKeys.list(tab), queryFn: () => fetchMeetingVideos(tab), refetchOnMount: 'always' });
}
