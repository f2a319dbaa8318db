import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HUBSPOT_CONNECT_MESSAGES as MSG,
  ZHubspotAuthorizeUrl,
  ZHubspotExchangeResponse,
  ZHubspotStatus,
  ZSyncNowResponse,
  type THubspotStatus,
} from '@pipewise/contract/integrations';
import { http, isApiError } from '../../../lib/http';

/** The same key the assistant's connect prompt reads, so a connect here shows there at once. */
export const HUBSPOT_STATUS_QUERY_KEY = ['hubspot-status'] as const;
/** How often the card asks while an import or sync runs. */
export const HUBSPOT_POLL_MS = 1000;

export async function fetchHubspotStatus(): Promise<THubspotStatus> {
  return ZHubspotStatus.parse(await http.get('/api/hubspot/status'));
}

/** What a started import or sync changes when it has run: its state, counts, end message and sync time. */
export const syncSignatureOf = (status: THubspotStatus) =>
  JSON.stringify([status.sync.state, status.sync.done, status.sync.message, status.last_synced_at]);

/**
 * The caller's HubSpot connection and the workspace's import, asked again each second while one
 * runs, and while one the card started (`following`: the status's signature then) has not shown
 * yet: a queued job has not touched the status before a worker takes it.
 */
export function useHubspotStatus(following: { readonly current: string | null } = { current: null }) {
  return useQuery({
    queryKey: HUBSPOT_STATUS_QUERY_KEY,
    queryFn: fetchHubspotStatus,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      return data.sync.state === 'running' || following.current === syncSignatureOf(data) ? HUBSPOT_POLL_MS : false;
    },
  });
}

/**
 * The spec's CRM texts: a server reason that says what to do (not configured, another portal, an
 * admin must connect first) as it is; else the card's or the return's failure text.
 */
export function hubspotErrorMessage(error: unknown, during: 'connect' | 'exchange' | 'action'): string {
  if (!isApiError(error)) return during === 'exchange' ? MSG.connectFailed : MSG.cardFailed;
  if ((error.status === 409 || error.status === 403) && error.detail) return error.detail;
  if (during === 'exchange') return error.status === 400 ? MSG.authFailed : MSG.connectFailed;
  return MSG.cardFailed;
}

/**
 * Connect: fetches HubSpot's authorize page (the server keeps the state, bound to this browser) and
 * leaves for it. Over deals made in Pipewise the admin's yes (`confirmBuiltInDeals`) goes with it.
 */
export function useConnectHubspot() {
  return useMutation({
    mutationFn: async (confirmBuiltInDeals: boolean = false) =>
      ZHubspotAuthorizeUrl.parse(await http.get(`/api/hubspot/authorize-url${confirmBuiltInDeals ? '?confirm_builtin_deals=true' : ''}`))
        .url,
    onSuccess: (url) => window.location.assign(url),
  });
}

export type HubspotReturn = { code: string; state: string };

/** The spec's POST /api/token/hubspot/access-token/ with query code and email (and the state HubSpot returned). */
export function useExchangeHubspotCode(callerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, state }: HubspotReturn) => {
      const query = new URLSearchParams({ code, state, email: callerEmail });
      return ZHubspotExchangeResponse.parse(await http.post(`/api/token/hubspot/access-token/?${query}`));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HUBSPOT_STATUS_QUERY_KEY }),
  });
}

/** Sync now: queued at once (202); the answer's progress goes on the card, which then polls. */
export function useSyncHubspot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ZSyncNowResponse.parse(await http.post('/api/hubspot/sync')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HUBSPOT_STATUS_QUERY_KEY }),
  });
}

/** Revokes the login at HubSpot and forgets its tokens on the server. */
export function useDisconnectHubspot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ZHubspotStatus.parse(await http.post('/api/hubspot/disconnect')),
    onSuccess: (status) => queryClient.setQueryData(HUBSPOT_STATUS_QUERY_KEY, status),
  });
}
