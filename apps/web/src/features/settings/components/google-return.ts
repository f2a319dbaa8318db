import { GOOGLE_STATE_PREFIX } from '@pipewise/contract/calendar';
import type { GoogleReturn } from '../api/exchange-google-token';

/** What Google (or the provider's error page) adds to the settings address on the way back. */
const RETURN_PARAMS = ['code', 'state', 'scope', 'source', 'error', 'authuser', 'prompt', 'hd', 'iss'] as const;

/**
 * Google's return to the settings page: `source=google`, or our state's prefix (the redirect URI
 * carries no query of its own). null when the address is not a Google return.
 */
export function googleReturnFrom(params: URLSearchParams): { ok: true; value: GoogleReturn } | { ok: false } | null {
  const state = params.get('state') ?? '';
  if (params.get('source') !== 'google' && !state.startsWith(GOOGLE_STATE_PREFIX)) return null;
  const code = params.get('code');
  if (params.get('error') || !code || !state) return { ok: false };
  const scope = params.get('scope');
  return { ok: true, value: { code, state, ...(scope ? { scope } : {}) } };
}

/**
 * The settings address without the return's parameters (anything else stays), on the
 * Integrations section: the return came to the bare address, and the card must stay in view.
 */
export function withoutGoogleReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of RETURN_PARAMS) next.delete(name);
  if (!next.has('section')) next.set('section', 'integrations');
  return next;
}
