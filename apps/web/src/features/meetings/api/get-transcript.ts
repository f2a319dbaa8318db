import { useQuery } from '@tanstack/react-query';
import { ZTranscript, type TTranscript } from '@pipewise/contract/transcripts';
import { http } from '../../../lib/http';
import { meetingQueryKeys } from './meeting-query-keys';

export async function fetchTranscript(id: string): Promise<TTranscript> {
  return ZTranscript.parse(await http.get(`/api/videos/${encodeURIComponent(id)}/transcript`));
}

/** A recording's transcript segments; asked again when the recording's status moves (processing stores them). */
export function useTranscript(id: string, status: string) {
  return useQuery({ queryKey: meetingQueryKeys.transcript(id, status), queryFn: () => fetchTranscript(id) });
}
