import { decryptSecret, openTokens, sealTokens } from './secrets';

/** Why no access token could be had: no connection, or the provider refused the grant (the connection is now broken). */
export type NotConnectedReason = 'not_connected' | 'broken';

/** A provider's "no usable token" error; each provider names its own subclass, so callers can tell them apart. */
export class ProviderNotConnectedError extends Error {
  constructor(
    provider: string,
    readonly reason: NotConnectedReason,
  ) {
    super(reason === 'broken' ? `${provider} refused the connection` : `${provider} is not connected`);
    this.name = new.target.name;
  }
}

/** A user's provider login as stored: both tokens sealed to the user id, and whether the provider still accepts it. */
export type StoredLogin = {
  userId: string;
  state: string;
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  /** null: the provider did not say, and the token is used until it is refused. */
  accessExpiresAt: Date | null;
};

type GrantedTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null };
type SealedTokens<Tokens extends GrantedTokens> = {
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  accessExpiresAt: Tokens['expiresAt'];
};

/**
 * How a refresh ended, for the provider's store to keep: the new tokens (sealed, and as the provider
 * sent them), or none, `broken` when the provider refused the grant for good.
 */
export type RefreshOutcome<Tokens extends GrantedTokens> =
  { tokens: Tokens; sealed: SealedTokens<Tokens> } | { tokens: null; broken: boolean };

/**
 * What the OAuth providers' token stores share: tokens sealed with AES-256-GCM bound to the user id,
 * an access token refreshed `refreshMarginMs` before it runs out, and a refused grant (invalid_grant)
 * turned into a broken connection. Where the login is stored, and who may refresh when, stays with
 * each provider.
 */
export function createProviderTokens<Tokens extends GrantedTokens>(deps: {
  key: Buffer;
  refreshMarginMs: number;
  /** The provider's OAuth client; undefined when the installation has none. */
  oauth: { refresh(refreshToken: string): Promise<Tokens> } | undefined;
  /** Whether a failed refresh means the provider refused the grant (the user revoked it, or it expired). */
  isRevoked(error: unknown): boolean;
  notConnected(reason: NotConnectedReason): ProviderNotConnectedError;
  /** Stores how a refresh ended, before the refresh answers or throws. */
  settle(userId: string, outcome: RefreshOutcome<Tokens>): Promise<void>;
}) {
  const seal = (userId: string, tokens: Tokens, keepRefresh: string | null): SealedTokens<Tokens> =>
    sealTokens<Tokens['expiresAt']>(deps.key, userId, tokens, keepRefresh);
  return {
    seal,
    /** Both tokens in clear, for revocation at disconnect. */
    open: (login: Omit<StoredLogin, 'state' | 'accessExpiresAt'>) => openTokens(deps.key, login.userId, login),
    /** The stored access token in clear. */
    access: (login: Pick<StoredLogin, 'userId' | 'accessTokenEnc'>) => decryptSecret(deps.key, login.accessTokenEnc, login.userId),
    /** Whether the access token runs out within the margin (one without an expiry never does). */
    due: (login: StoredLogin) => login.accessExpiresAt !== null && login.accessExpiresAt.getTime() - Date.now() < deps.refreshMarginMs,
    /** The login, when it can give a token: not_connected without one, broken once the provider refused it. */
    usable<Login extends StoredLogin>(login: Login | undefined): Login {
      if (!login) throw deps.notConnected('not_connected');
      if (login.state === 'broken') throw deps.notConnected('broken');
      return login;
    },
    /** A new access token from the login's refresh token; a refused grant, or none to refresh with, breaks the connection. */
    async refresh(login: StoredLogin): Promise<string> {
      if (!deps.oauth || !login.refreshTokenEnc) {
        await deps.settle(login.userId, { tokens: null, broken: true });
        throw deps.notConnected('broken');
      }
      try {
        const tokens = await deps.oauth.refresh(decryptSecret(deps.key, login.refreshTokenEnc, login.userId));
        await deps.settle(login.userId, { tokens, sealed: seal(login.userId, tokens, login.refreshTokenEnc) });
        return tokens.accessToken;
      } catch (e) {
        const revoked = deps.isRevoked(e);
        await deps.settle(login.userId, { tokens: null, broken: revoked });
        throw revoked ? deps.notConnected('broken') : e;
      }
    },
  };
}
