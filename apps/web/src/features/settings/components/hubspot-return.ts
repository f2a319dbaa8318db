import { HUBSPOT_STATE_PREFIX } from '@pipewise/contract/integrations';
import type { HubspotReturn } from '../api/hubspot';

/** What HubSpot (or its error page) adds to the settings address on the way back. */
const RETURN_PARAMS = ['code', 'state', 'source', 'error', 'error_description', 'scope'] as const;

/** HubSpot's return to the settings page (source=hubspot, or our state's prefix); null when it is not one. */
export function hubspotReturnFrom(params: URLSearchParams): { ok: true; value: HubspotReturn } | { ok: false } | null {
  const state = params.get('state') ?? '';
  if (params.get('source') !== 'hubspot' && !state.startsWith(HUBSPOT_STATE_PREFIX)) return null;
  const code = params.get('code');
  if (params.get('error') || !code || !state) return { ok: false };
  return { ok: true, value: { code, state } };
}

/** The settings address without the return's parameters, on the Integrations section (the card stays in view). */
export function withoutHubspotReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of RETURN_PARAMS) next.delete(name);
  if (!next.has('section')) next.set('section', 'integrations');
  return next;
}
