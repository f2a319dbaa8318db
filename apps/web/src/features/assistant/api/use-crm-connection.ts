import { useQuery } from '@tanstack/react-query';
import { ZHubspotStatus } from '@pipewise/contract/integrations';
import { http } from '../../../lib/http';

/**
 * Whether the assistant may run: it needs the caller's CRM connection. A workspace on the
 * built-in CRM is always connected; one bound to HubSpot needs the caller's own HubSpot login
 * (docs/architecture.md#decisions, 10), as GET /api/hubspot/status reports it. The Integrations card reads
 * the same query, so connecting there shows here at once.
 */
export type TCrmConnection = { connected: boolean; provider: 'builtin' | 'hubspot' };

const BUILTIN: TCrmConnection = { connected: true, provider: 'builtin' };

export function useCrmConnection(): TCrmConnection {
  const { data } = useQuery({
    queryKey: ['hubspot-status'],
    queryFn: async () => ZHubspotStatus.parse(await http.get('/api/hubspot/status')),
  });
  // Until the status is known (or when it cannot be had) the conversation shows: the server still
  // refuses what the caller may not do.
  if (!data || data.source !== 'hubspot') return BUILTIN;
  return { connected: data.user_connected, provider: 'hubspot' };
}
