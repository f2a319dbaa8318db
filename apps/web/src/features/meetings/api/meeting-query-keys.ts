export const MEETINGS_QUERY_KEY = ['meetings'] as const;
export type MeetingTab = 'your' | 'team';

export const meetingQueryKeys = {
  list: (tab: MeetingTab) => [...MEETINGS_QUERY_KEY, 'list', tab] as const,
  detail: (id: string) => [...MEETINGS_QUERY_KEY, 'detail', id] as const,
  transcript: (id: string, status: string) => [...MEETINGS_QUERY_KEY, 'transcript', id, status] as const,
  participants: (id: string) => [...MEETINGS_QUERY_KEY, 'participants', id] as const,
  attendeeOptions: (q: string) => [...MEETINGS_QUERY_KEY, 'attendee-options', q] as const,
};
