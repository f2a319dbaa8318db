/**
 * Whether the assistant may run: it needs the caller's CRM connection. A workspace on the
 * built-in CRM is always connected; one bound to HubSpot needs the caller's own HubSpot login
 * (ARCHITECTURE decision 10). There is no API yet that reports a caller's HubSpot connection, so
 * every workspace counts as built-in here; when that API lands, this hook asks it and the
 * panel's connect prompt shows for a HubSpot workspace without the caller's connection.
 */
export type TCrmConnection = { connected: boolean; provider: 'builtin' | 'hubspot' };

export function useCrmConnection(): TCrmConnection {
  return { connected: true, provider: 'builtin' };
}
