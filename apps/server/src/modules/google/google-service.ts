import { randomPKCECodeVerifier, randomState } from 'openid-client';
import { GOOGLE_CONNECT_MESSAGES as MSG, GOOGLE_STATE_PREFIX, type TGoogleStatus } from '@pipewise/contract/calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { GoogleApi } from '../../adapters/google/google-api';
import type { GoogleOAuth } from '../../adapters/google/google-oauth';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { buildDraftMessage } from './gmail-message';
import type { GoogleConnectionsRepo } from './google-connections-repo';
import { grantedPermissions, parseScopes, statusOf } from './google-scopes';
import { GoogleNotConnectedError, type GoogleTokenStore } from './google-tokens';

const STATE_TTL_MS = 10 * 60_000;

/** Where Google sends the browser back: the settings page, with no query of ours (see GOOGLE_STATE_PREFIX). */
export const googleRedirectUri = (appUrl: string) => `${appUrl}/dashboard/settings`;

export function createGoogleService(deps: {
  oauth: GoogleOAuth | undefined;
  api: GoogleApi;
  connections: GoogleConnectionsRepo;
  tokens: GoogleTokenStore;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Called after a grant is stored (queues the first calendar sync). */
  onConnected(userId: string): Promise<void>;
  /** Called after a disconnect (drops the synced meetings). */
  onDisconnected(userId: string): Promise<void>;
  /** The user's calendar sync: queued to run now, and whether one is under way. */
  /** The calendar module's sync on request (Sync now) and whether one is under way. */
  calendarSync: { request(userId: string): Promise<void>; pending(userId: string): Promise<boolean> };
}) {
  const redirectUri = googleRedirectUri(deps.appUrl);
  const requireOAuth = (): GoogleOAuth => {
    if (!deps.oauth) throw conflict(MSG.notConfigured);
    return deps.oauth;
  };
  const status = async (userId: string): Promise<TGoogleStatus> => {
    const connection = await deps.connections.find(userId);
    return { ...statusOf(Boolean(deps.oauth), connection), syncing: connection ? await deps.calendarSync.pending(userId) : false };
  };

  return {
    status: (caller: Caller) => status(caller.id),

    async authorizeUrl(caller: Caller): Promise<{ url: string }> {
      const oauth = requireOAuth();
      const state = `${GOOGLE_STATE_PREFIX}${randomState()}`;
      const codeVerifier = randomPKCECodeVerifier();
      let url: string;
      try {
        url = await oauth.authorizationUrl({ state, codeVerifier, redirectUri });
      } catch (e) {
        deps.log.error({ err: { message: (e as Error).message } }, 'google connect: discovery failed');
        throw new HttpError(502, MSG.connectFailed);
      }
      await deps.connections.addState({ state, userId: caller.id, codeVerifier, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
      return { url };
    },

    async exchange(caller: Caller, input: { code: string; state: string; scope?: string }): Promise<TGoogleStatus> {
      const oauth = requireOAuth();
      // Taken whatever happens next: a state works once, for the user who started it, for 10 minutes.
      const pending = await deps.connections.takeState(input.state);
      if (!pending || pending.userId !== caller.id || pending.expiresAt.getTime() < Date.now()) throw badRequest(MSG.authFailed);
      let tokens;
      try {
        tokens = await oauth.exchangeCode({ code: input.code, state: input.state, codeVerifier: pending.codeVerifier, redirectUri });
      } catch (e) {
        deps.log.warn({ err: { message: (e as Error).message } }, 'google connect: code exchange failed');
        throw badRequest(MSG.authFailed);
      }
      // The token endpoint's scope is what was granted; the redirect's scope parameter stands in when it says nothing.
      const scopes = tokens.scopes ?? parseScopes(input.scope);
      const previous = await deps.connections.find(caller.id);
      await deps.connections.save({
        userId: caller.id,
        organizationId: caller.organizationId,
        googleEmail: tokens.email,
        scopes,
        ...deps.tokens.seal(caller.id, tokens, tokens.refreshToken ? null : (previous?.refreshTokenEnc ?? null)),
      });
      if (grantedPermissions(scopes).calendar) await deps.onConnected(caller.id);
      return status(caller.id);
    },

    /** Sync now: the caller's calendar is synced within seconds (the card polls the status until it ends). */
    async syncNow(caller: Caller): Promise<TGoogleStatus> {
      const connection = await deps.connections.find(caller.id);
      if (!connection || !grantedPermissions(connection.scopes).calendar) throw conflict(MSG.calendarNotGranted);
      if (connection.state === 'broken') throw conflict(MSG.reconnectToSync);
      await deps.calendarSync.request(caller.id);
      return status(caller.id);
    },

    async disconnect(caller: Caller): Promise<TGoogleStatus> {
      const connection = await deps.connections.find(caller.id);
      if (connection) {
        const { accessToken, refreshToken } = deps.tokens.open(connection);
        try {
          // Revoking the refresh token ends the whole grant at Google.
          await deps.oauth?.revoke(refreshToken ?? accessToken);
        } catch (e) {
          // The user asked to forget the grant: it is forgotten here even when Google is unreachable.
          deps.log.warn({ err: { message: (e as Error).message } }, 'google disconnect: revocation failed');
        }
        await deps.connections.remove(caller.id);
        await deps.onDisconnected(caller.id);
      }
      return status(caller.id);
    },

    async gmailDraft(caller: Caller, input: { to: string[]; subject: string; body: string }): Promise<{ id: string }> {
      const connection = await deps.connections.find(caller.id);
      if (!connection || !grantedPermissions(connection.scopes).mail) throw forbidden(MSG.gmailNotGranted);
      const message = buildDraftMessage(input);
      const send = async (force: boolean) => deps.api.createDraft(await deps.tokens.accessToken(caller.id, { force }), message);
      try {
        try {
          return { id: await send(false) };
        } catch (e) {
          // A token Google stopped accepting before its time: refresh once and try again.
          if ((e as { status?: number }).status === 401) return { id: await send(true) };
          throw e;
        }
      } catch (e) {
        if (e instanceof GoogleNotConnectedError) throw forbidden(MSG.gmailNotGranted);
        if ((e as { status?: number }).status === 403) throw forbidden(MSG.gmailNotGranted);
        deps.log.warn({ err: { message: (e as Error).message } }, 'gmail draft failed');
        throw new HttpError(502, MSG.connectionError);
      }
    },
  };
}

export type GoogleService = ReturnType<typeof createGoogleService>;
