import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createProviderTokens,
  ProviderNotConnectedError,
  type NotConnectedReason,
  type RefreshOutcome,
  type StoredLogin,
} from './provider-tokens';

type Tokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null };

class AcmeNotConnectedError extends ProviderNotConnectedError {
  constructor(reason: NotConnectedReason) {
    super('Acme', reason);
  }
}
class AcmeRevokedError extends Error {}

const MARGIN_MS = 60_000;
const key = randomBytes(32);

/** A provider whose refresh answers `answer` (or throws it), with every settled outcome recorded. */
function provider(answer: Tokens | Error | undefined) {
  const settled: { userId: string; outcome: RefreshOutcome<Tokens> }[] = [];
  const refreshedWith: string[] = [];
  const tokens = createProviderTokens<Tokens>({
    key,
    refreshMarginMs: MARGIN_MS,
    oauth:
      answer === undefined
        ? undefined
        : {
            async refresh(refreshToken) {
              refreshedWith.push(refreshToken);
              if (answer instanceof Error) throw answer;
              return answer;
            },
          },
    isRevoked: (e) => e instanceof AcmeRevokedError,
    notConnected: (reason) => new AcmeNotConnectedError(reason),
    async settle(userId, outcome) {
      settled.push({ userId, outcome });
    },
  });
  return { tokens, settled, refreshedWith };
}

function login(overrides: Partial<Tokens> = {}, state = 'active'): StoredLogin {
  const granted = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: new Date(Date.now() + 3_600_000), ...overrides };
  return { userId: 'u1', state, ...provider(undefined).tokens.seal('u1', granted, null) };
}

describe('sealed tokens', () => {
  it('are stored encrypted, open only for the user they were sealed to, and keep the refresh token a grant leaves out', () => {
    const { tokens } = provider(undefined);
    const stored = login();
    expect(stored.accessTokenEnc).toMatch(/^v1\./);
    expect(stored.accessTokenEnc).not.toContain('access-1');
    expect(tokens.open(stored)).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(tokens.access(stored)).toBe('access-1');
    expect(() => tokens.access({ ...stored, userId: 'u2' })).toThrow();

    const later = tokens.seal('u1', { accessToken: 'access-2', refreshToken: null, expiresAt: null }, stored.refreshTokenEnc);
    expect(tokens.open({ userId: 'u1', ...later })).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-1' });
  });
});

describe('due', () => {
  it('is a token that runs out within the margin, never one without an expiry', () => {
    const { tokens } = provider(undefined);
    expect(tokens.due(login({ expiresAt: new Date(Date.now() + MARGIN_MS - 5_000) }))).toBe(true);
    expect(tokens.due(login({ expiresAt: new Date(Date.now() - 1) }))).toBe(true);
    expect(tokens.due(login({ expiresAt: new Date(Date.now() + MARGIN_MS + 5_000) }))).toBe(false);
    expect(tokens.due(login({ expiresAt: null }))).toBe(false);
  });
});

describe('usable', () => {
  it("answers an active login, and the provider's error without one or once it is broken", () => {
    const { tokens } = provider(undefined);
    const active = login();
    expect(tokens.usable(active)).toBe(active);
    expect(() => tokens.usable(undefined)).toThrow(AcmeNotConnectedError);
    expect(() => tokens.usable(undefined)).toThrow(
      expect.objectContaining({ name: 'AcmeNotConnectedError', reason: 'not_connected', message: 'Acme is not connected' }),
    );
    expect(() => tokens.usable(login({}, 'broken'))).toThrow(
      expect.objectContaining({ reason: 'broken', message: 'Acme refused the connection' }),
    );
  });
});

describe('refresh', () => {
  it('spends the stored refresh token and settles the new tokens sealed, keeping the refresh token when none comes back', async () => {
    const expiresAt = new Date(Date.now() + 1_800_000);
    const { tokens, settled, refreshedWith } = provider({ accessToken: 'access-2', refreshToken: null, expiresAt });
    expect(await tokens.refresh(login())).toBe('access-2');
    expect(refreshedWith).toEqual(['refresh-1']);
    expect(settled.map((s) => s.userId)).toEqual(['u1']);
    const outcome = settled[0]!.outcome;
    if (!outcome.tokens) throw new Error('expected new tokens');
    expect(outcome.sealed.accessExpiresAt).toEqual(expiresAt);
    expect(tokens.open({ userId: 'u1', ...outcome.sealed })).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-1' });
  });

  it('breaks the connection when the provider refuses the grant', async () => {
    const { tokens, settled } = provider(new AcmeRevokedError('invalid_grant'));
    await expect(tokens.refresh(login())).rejects.toThrow(expect.objectContaining({ name: 'AcmeNotConnectedError', reason: 'broken' }));
    expect(settled).toEqual([{ userId: 'u1', outcome: { tokens: null, broken: true } }]);
  });

  it('leaves the connection as it was on any other failure, and passes that failure on', async () => {
    const outage = new Error('token endpoint answered 503');
    const { tokens, settled } = provider(outage);
    await expect(tokens.refresh(login())).rejects.toBe(outage);
    expect(settled).toEqual([{ userId: 'u1', outcome: { tokens: null, broken: false } }]);
  });

  it('breaks the connection when there is no refresh token, or no client to refresh with, without asking anyone', async () => {
    const answer = { accessToken: 'access-2', refreshToken: null, expiresAt: null };
    const withClient = provider(answer);
    await expect(withClient.tokens.refresh({ ...login(), refreshTokenEnc: null })).rejects.toBeInstanceOf(AcmeNotConnectedError);
    expect(withClient.refreshedWith).toEqual([]);
    expect(withClient.settled).toEqual([{ userId: 'u1', outcome: { tokens: null, broken: true } }]);

    const withoutClient = provider(undefined);
    await expect(withoutClient.tokens.refresh(login())).rejects.toThrow(expect.objectContaining({ reason: 'broken' }));
    expect(withoutClient.settled).toEqual([{ userId: 'u1', outcome: { tokens: null, broken: true } }]);
  });
});
