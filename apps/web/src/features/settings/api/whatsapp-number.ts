import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WHATSAPP_NUMBER_MESSAGES as MSG,
  ZUpdateWhatsappNumberResponse,
  ZWhatsappNumber,
  type TWhatsappNumber,
} from '@pipewise/contract/users';
import { http, isApiError } from '../../../lib/http';

export const WHATSAPP_NUMBER_QUERY_KEY = ['whatsapp-number'] as const;

/** The caller's own messaging number as saved (E.164), or null. */
export async function fetchWhatsappNumber(): Promise<TWhatsappNumber> {
  return ZWhatsappNumber.parse(await http.get('/api/users/whatsapp_number'));
}

export function useWhatsappNumber() {
  return useQuery({ queryKey: WHATSAPP_NUMBER_QUERY_KEY, queryFn: fetchWhatsappNumber });
}

/** The spec's texts: the field's message for a refused number, else the catalogue's 'Messaging number' row. */
export function whatsappErrorMessage(error: unknown): { field: string | null; message: string | null } {
  if (isApiError(error, 400)) {
    const field = error.fieldErrors.find((e) => e.field === 'phone_number')?.message;
    if (field) return { field, message: null };
  }
  return { field: null, message: isApiError(error) ? MSG.updateFailed : MSG.connectionError };
}

/** POST /api/users/update_whatsapp_number/{email}: the email names the caller; the card then shows the saved number. */
export function useUpdateWhatsappNumber(callerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phoneNumber: string) =>
      ZUpdateWhatsappNumberResponse.parse(
        await http.post(`/api/users/update_whatsapp_number/${encodeURIComponent(callerEmail)}`, { phone_number: phoneNumber.trim() }),
      ),
    onSuccess: (saved) => queryClient.setQueryData<TWhatsappNumber>(WHATSAPP_NUMBER_QUERY_KEY, { phone_number: saved.phone_number }),
  });
}
