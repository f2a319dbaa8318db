import { useMutation } from '@tanstack/react-query';
import { ZGmailDraftResponse } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';

export type GmailDraft = { to: string[]; subject: string; body: string };

export async function createGmailDraft(draft: GmailDraft): Promise<{ id: string }> {
  return ZGmailDraftResponse.parse(await http.post('/api/google/gmail-draft', draft));
}

export function useCreateGmailDraft() {
  return useMutation({ mutationFn: createGmailDraft });
}
