import { z } from 'zod';
import { ZHsIntrospection, ZHsOAuthError, ZHsTokenResponse } from './hubspot-schemas';

/**
 * What Pipewise asks for (HubSpot's scope names for the spec's list: read and write companies,
 * contacts and deals; read owners; read and write company and contact schemas). `oauth` is
 * required by HubSpot for every app.
 */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.objects.owners.read',
  'crm.schemas.companies.read',
  'crm.schemas.companies.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
] as const;
/** Asked for but not required: deal property definitions for auth/fields. */
export const HUBSPOT_OPTIONAL_SCOPES = ['crm.schemas.deals.read'] as const;

export type HubspotTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date; hubId: number | null };
export type HubspotTokenInfo = { active: boolean; hubId: number | null; userId: number | null; email: string | null };

/** HubSpot refused the grant (`invalid_grant`): the user revoked the app or the refresh token died. */
export class HubspotGrantRevokedError extends Error {
  override name = 'HubspotGrantRevokedError';
}
/** Any other refusal or an answer that is not what HubSpot documents. */
export class HubspotOAuthError extends Error {
  override name = 'HubspotOAuthError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface HubspotOAuth {
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<HubspotTokens>;
  refresh(refreshToken: string): Promise<HubspotTokens>;
  introspect(token: string, hint: 'access_token' | 'refresh_token'): Promise<HubspotTokenInfo>;
  revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void>;
}

/**
 * HubSpot's date-versioned OAuth API (2026-03) with parameters in the form body. The v1 token
 * endpoints stop working on 2027-02-16 and are never called.
 */
export function createHubspotOAuth(settings: {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  authorizeUrl: string;
  fetch?: typeof fetch;
}): HubspotOAuth {
  const http = settings.fetch ?? fetch;
  const client = { client_id: settings.clientId, client_secret: settings.clientSecret };

  async function post<T extends z.ZodType>(path: string, form: Record<string, string>, schema: T): Promise<z.output<T>> {
    const response = await http(`${settings.apiBase}/oauth/2026-03/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...client, ...form }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const error = ZHsOAuthError.safeParse(body);
      const code = error.success ? (error.data.error ?? error.data.status) : undefined;
      if (code === 'invalid_grant' || code === 'BAD_REFRESH_TOKEN') throw new HubspotGrantRevokedError('HubSpot refused the grant');
      throw new HubspotOAuthError(`HubSpot ${path} answered ${response.status}${code ? ` (${code})` : ''}`, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new HubspotOAuthError(`HubSpot ${path} answered an unexpected body`, response.status);
    return parsed.data;
  }

  const toTokens = (r: z.output<typeof ZHsTokenResponse>): HubspotTokens => ({
    accessToken: r.access_token,
    refreshToken: r.refresh_token ?? null,
    expiresAt: new Date(Date.now() + r.expires_in * 1000),
    hubId: r.hub_id ?? null,
  });

  return {
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: HUBSPOT_SCOPES.join(' '),
        optional_scope: HUBSPOT_OPTIONAL_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const form = { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri };
      return toTokens(await post('token', form, ZHsTokenResponse));
    },
    async refresh(refreshToken) {
      return toTokens(await post('token', { grant_type: 'refresh_token', refresh_token: refreshToken }, ZHsTokenResponse));
    },
    async introspect(token, hint) {
      const info = await post('token/introspect', { token, token_type_hint: hint }, ZHsIntrospection);
      return { active: info.active, hubId: info.hub_id ?? null, userId: info.user_id ?? null, email: info.user?.toLowerCase() ?? null };
    },
    async revoke(token, hint) {
      await post('token/revoke', { token, token_type_hint: hint }, z.unknown());
    },
  };
}
