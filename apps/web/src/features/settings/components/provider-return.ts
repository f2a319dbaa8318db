import { GOOGLE_STATE_PREFIX } from '@pipewise/contract/calendar';
import { HUBSPOT_STATE_PREFIX } from '@pipewise/contract/integrations';

/** What a provider's authorise page put on the settings address on its way back. */
export type ProviderReturn = { code: string; state: string; scope?: string };

const STATE_PREFIX = { google: GOOGLE_STATE_PREFIX, hubspot: HUBSPOT_STATE_PREFIX } as const;

/** What Google, HubSpot (or their error pages) add to the settings address on the way back. */
const RETURN_PARAMS = ['code', 'state', 'scope', 'source', 'error', 'error_description', 'authuser', 'prompt', 'hd', 'iss'] as const;

/**
 * The provider's return to the settings page: `source={provider}`, or our state's prefix (the
 * redirect URI carries no query of its own). null when the address is not that provider's return.
 */
export function providerReturnFrom(
  params: URLSearchParams,
  provider: keyof typeof STATE_PREFIX,
): { ok: true; value: ProviderReturn } | { ok: false } | null {
  const state = params.get('state') ?? '';
  if (params.get('source') !== provider && !state.startsWith(STATE_PREFIX[provider])) return null;
  const code = params.get('code');
  if (params.get('error') || !code || !state) return { ok: false };
  const scope = params.get('scope');
  return { ok: true, value: { code, state, ...(scope ? { scope } : {}) } };
}

/**
 * The settings address without the return's parameters (anything else stays), on the
 * Integrations section: the return came to the bare address, and the card must stay in view.
 */
export function withoutProviderReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of RETURN_PARAMS) next.delete(name);
  if (!next.has('section')) next.set('section', 'integrations');
  return next;
}
