import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WHATSAPP_MESSAGES,
  ZWhatsappStatus,
  type TWhatsappNotifications,
  type TWhatsappNotificationsBody,
  type TWhatsappStatus,
} from '@pipewise/contract/whatsapp';
import { WHATSAPP_NUMBER_MESSAGES } from '@pipewise/contract/users';
import { http, isApiError, request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';

export const WHATSAPP_STATUS_QUERY_KEY = ['whatsapp-status'] as const;

/** What the card says when the server fails without a reason of its own. */
export const WHATSAPP_ACTION_FAILED = {
  verify: 'Could not check the code. Please try again.',
  resend: WHATSAPP_MESSAGES.sendFailed,
  notifications: 'Could not save your notification choice. Please try again.',
  remove: 'Could not remove your number. Please try again.',
} as const;

export type TWhatsappAction = keyof typeof WHATSAPP_ACTION_FAILED;

/** The caller's number, whether it is verified, a pending code, the opt-ins and how messages are delivered. */
export async function fetchWhatsappStatus(): Promise<TWhatsappStatus> {
  return ZWhatsappStatus.parse(await http.get('/api/whatsapp/status'));
}

export function useWhatsappStatus() {
  return useQuery({ queryKey: WHATSAPP_STATUS_QUERY_KEY, queryFn: fetchWhatsappStatus });
}

/**
 * The server's own reason for a refusal (a wrong or expired code, too many tries, a rate limit) as it
 * is; a failure without one gets the action's text, and no answer at all the spec's connection error.
 */
export function whatsappActionError(error: unknown, action: TWhatsappAction): string {
  if (!isApiError(error)) return WHATSAPP_NUMBER_MESSAGES.connectionError;
  if (error.status >= 400 && error.status < 500 && error.detail) return error.detail;
  return WHATSAPP_ACTION_FAILED[action];
}

/** A code is shown as the user typed it; spaces (a pasted '123 456') are dropped before it is sent. */
export const normaliseWhatsappCode = (typed: string) => typed.replace(/\s+/g, '');

/** Every action answers the status as it now is: the card shows that. */
function useStatusAction<TInput>(send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => ZWhatsappStatus.parse(await send(input)),
    onSuccess: (status) => queryClient.setQueryData(WHATSAPP_STATUS_QUERY_KEY, status),
    // A refused code may have used the last try or expired: the status says whether one is still pending.
    onError: (error) => {
      if (isApiError(error, 400)) void queryClient.invalidateQueries({ queryKey: WHATSAPP_STATUS_QUERY_KEY });
    },
  });
}

/** POST /api/whatsapp/verify {code}; the browser's time zone goes with it (the morning digest is at 08:00 there). */
export const useVerifyWhatsappCode = () =>
  useStatusAction((code: string) => request('POST', '/api/whatsapp/verify', { code }, timeZoneHeader()));

/** POST /api/whatsapp/resend_code: a new code; the old one stops working. */
export const useResendWhatsappCode = () => useStatusAction(() => http.post('/api/whatsapp/resend_code'));

/** DELETE /api/whatsapp/number: the number, its code and its opt-ins are forgotten. */
export const useRemoveWhatsappNumber = () => useStatusAction(() => http.delete('/api/whatsapp/number'));

/**
 * PUT /api/whatsapp/notifications (with the browser's time zone, as verify): the switch moves at once; a refusal puts back only what this
 * change moved (another switch flipped meanwhile keeps its own outcome), and `onFailure` hears of it.
 */
export function useUpdateWhatsappNotifications(onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const patch = (change: Partial<TWhatsappNotifications>) =>
    queryClient.setQueryData<TWhatsappStatus>(WHATSAPP_STATUS_QUERY_KEY, (current) =>
      current ? { ...current, notifications: { ...current.notifications, ...change } } : current,
    );
  return useMutation({
    mutationFn: async (change: TWhatsappNotificationsBody) =>
      ZWhatsappStatus.parse(await request('PUT', '/api/whatsapp/notifications', change, timeZoneHeader())),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: WHATSAPP_STATUS_QUERY_KEY });
      const before = queryClient.getQueryData<TWhatsappStatus>(WHATSAPP_STATUS_QUERY_KEY)?.notifications;
      patch(change);
      const undo: Partial<TWhatsappNotifications> = {};
      if (before) for (const key of Object.keys(change) as (keyof TWhatsappNotifications)[]) undo[key] = before[key];
      return { undo };
    },
    onError: (error, _change, context) => {
      if (context) patch(context.undo);
      onFailure(error);
    },
    onSuccess: (status, change) =>
      patch(Object.fromEntries(Object.keys(change).map((k) => [k, status.notifications[k as keyof TWhatsappNotifications]]))),
  });
}
