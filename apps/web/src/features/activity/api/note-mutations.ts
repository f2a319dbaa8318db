import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZNote, type TNote, type TRecordType } from '@pipewise/contract/notes';
import { http } from '../../../lib/http';
import { activityQueryKeys } from './activity-query-keys';

/** POST /api/notes: a new note on the record. */
export async function createNote(recordType: TRecordType, recordId: string, body: string): Promise<TNote> {
  const query = new URLSearchParams({ record_type: recordType, record_id: recordId });
  return ZNote.parse(await http.post(`/api/notes?${query.toString()}`, { body }));
}

/** PATCH /api/notes/{id}: the author's new text. */
export async function updateNote(id: string, body: string): Promise<TNote> {
  return ZNote.parse(await http.patch(`/api/notes/${encodeURIComponent(id)}`, { body }));
}

/** DELETE /api/notes/{id}. */
export async function deleteNote(id: string): Promise<void> {
  await http.delete(`/api/notes/${encodeURIComponent(id)}`);
}

/** The note writes of one record's timeline; each reloads the timeline when it succeeds. */
export function useNoteMutations(recordType: TRecordType, recordId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: activityQueryKeys.record(recordType, recordId) });
  return {
    create: useMutation({ mutationFn: (body: string) => createNote(recordType, recordId, body), onSuccess: reload }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: string }) => updateNote(id, body), onSuccess: reload }),
    remove: useMutation({ mutationFn: (id: string) => deleteNote(id), onSuccess: reload }),
  };
}
