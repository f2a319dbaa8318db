import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZParticipantsResponse,
  type TParticipantInput,
  type TParticipantPatch,
  type TParticipantsResponse,
} from '@pipewise/contract/participants';
import { http } from '../../../lib/http';
import { meetingQueryKeys } from './meeting-query-keys';

const base = (videoId: string) => `/api/videos/${encodeURIComponent(videoId)}/participants`;

export async function addParticipant(videoId: string, input: TParticipantInput): Promise<TParticipantsResponse> {
  return ZParticipantsResponse.parse(await http.post(base(videoId), input));
}

export async function updateParticipant(videoId: string, id: string, patch: TParticipantPatch): Promise<TParticipantsResponse> {
  return ZParticipantsResponse.parse(await http.patch(`${base(videoId)}/${encodeURIComponent(id)}`, patch));
}

export async function removeParticipant(videoId: string, id: string): Promise<void> {
  await http.delete(`${base(videoId)}/${encodeURIComponent(id)}`);
}

export async function addParticipantAsContact(videoId: string, id: string): Promise<TParticipantsResponse> {
  return ZParticipantsResponse.parse(await http.post(`${base(videoId)}/${encodeURIComponent(id)}/add-as-contact`));
}

/** The meeting page's corrections; each reloads the participants and the meeting (its count and tab). */
export function useParticipantMutations(videoId: string) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meetingQueryKeys.participants(videoId) }),
      queryClient.invalidateQueries({ queryKey: meetingQueryKeys.detail(videoId) }),
    ]);
  return {
    add: useMutation({ mutationFn: (input: TParticipantInput) => addParticipant(videoId, input), onSuccess: reload }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: TParticipantPatch }) => updateParticipant(videoId, id, patch),
      onSuccess: reload,
    }),
    remove: useMutation({ mutationFn: (id: string) => removeParticipant(videoId, id), onSuccess: reload }),
    addAsContact: useMutation({ mutationFn: (id: string) => addParticipantAsContact(videoId, id), onSuccess: reload }),
  };
}
