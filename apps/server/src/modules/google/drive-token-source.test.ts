import { describe, expect, it } from 'vitest';
import { GOOGLE_SCOPES } from '../../adapters/google/google-oauth';
import { googleDriveTokens } from './drive-token-source';

type Connection = { state: string; scopes: string[] };

function source(connection: Connection | undefined, token: () => Promise<string> = async () => 'access-1') {
  return googleDriveTokens({ find: async () => connection as never }, { accessToken: token });
}

describe('the Drive token of an uploader', () => {
  it('is the connection’s access token when Drive was granted', async () => {
    expect(await source({ state: 'active', scopes: ['openid', GOOGLE_SCOPES.drive] }).accessTokenFor('u1')).toBe('access-1');
  });

  it('is none without a connection, without the Drive scope, or on a broken connection', async () => {
    expect(await source(undefined).accessTokenFor('u1')).toBeUndefined();
    expect(await source({ state: 'active', scopes: [GOOGLE_SCOPES.calendar, GOOGLE_SCOPES.mail] }).accessTokenFor('u1')).toBeUndefined();
    expect(await source({ state: 'broken', scopes: [GOOGLE_SCOPES.drive] }).accessTokenFor('u1')).toBeUndefined();
  });

  it('is none when the token cannot be refreshed, so the public download is tried', async () => {
    const refused = source({ state: 'active', scopes: [GOOGLE_SCOPES.drive] }, async () => {
      throw new Error('invalid_grant');
    });
    expect(await refused.accessTokenFor('u1')).toBeUndefined();
  });
});
