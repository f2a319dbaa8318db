import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WHATSAPP_MESSAGES } from '@pipewise/contract/whatsapp';
import { WHATSAPP_NUMBER_MESSAGES as MSG, ZUpdateWhatsappNumberResponse } from '@pipewise/contract/users';
import { http, isApiError } from '../../../lib/http';
import { WHATSAPP_STATUS_QUERY_KEY } from './whatsapp-status';

/**
 * The spec's texts: the field's message for a refused number, the server's own word when the code
 * could not be sent, else the catalogue's 'Messaging number' row.
 */
export function whatsappErrorMessage(error: unknown): { field: string | null; message: string | null } {
  if (isApiError(error, 400)) {
    const field = error.fieldErrors.find((e) => e.field === 'phone_number')?.message;
    if (field) return { field, message: null };
  }
  if (isApiError(error) && error.detail === WHATSAPP_MESSAGES.sendFailed) return { field: null, message: error.detail };
  return { field: null, message: isApiError(error) ? MSG.updateFailed : MSG.connectionError };
}

/**
 * POST /api/users/update_whatsapp_number/{email}: the email names the caller. Saving sends a code to
 * the number, so the save ends once the status (now asking for that code) has been read again.
 */
export function useUpdateWhatsappNumber(callerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phoneNumber: string) =>
      ZUpdateWhatsappNumberResponse.parse(
        await http.post(`/api/users/update_whatsapp_number/${encodeURIComponent(callerEmail)}`, { phone_number: phoneNumber.trim() }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WHATSAPP_STATUS_QUERY_KEY }),
    // A number the code could not be sent to is saved all the same: the card behind the panel shows it.
    onError: (error) => {
      if (isApiError(error)) void queryClient.invalidateQueries({ queryKey: WHATSAPP_STATUS_QUERY_KEY });
    },
  });
}
