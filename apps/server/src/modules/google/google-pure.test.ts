import { describe, expect, it } from 'vitest';
import { isTeamCall } from '@pipewise/contract/calendar';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { buildDraftMessage } from './gmail-message';
import { grantedPermissions, statusOf } from './google-scopes';

const key = Buffer.alloc(32, 7);

describe('token encryption', () => {
  it('round-trips, differs each time, and refuses another context or a changed byte', () => {
    const a = encryptSecret(key, 'ya29.token', 'user-1');
    expect(a).not.toContain('ya29');
    expect(encryptSecret(key, 'ya29.token', 'user-1')).not.toBe(a);
    expect(decryptSecret(key, a, 'user-1')).toBe('ya29.token');
    expect(() => decryptSecret(key, a, 'user-2')).toThrow();
    const tampered = a.slice(0, -2) + (a.endsWith('A') ? 'B' : 'A') + a.slice(-1);
    expect(() => decryptSecret(key, tampered, 'user-1')).toThrow();
  });
});

describe('granted permissions and the card state', () => {
  it.each([
    [['openid', 'https://www.googleapis.com/auth/gmail.compose', 'https://www.googleapis.com/auth/calendar.readonly'], 'connected', []],
    [['https://www.googleapis.com/auth/gmail.compose'], 'partial', ['calendar']],
    [['https://www.googleapis.com/auth/calendar.events'], 'partial', ['mail']],
    [['openid', 'email'], 'partial', ['mail', 'calendar']],
  ])('%j -> %s', (scopes, state, missing) => {
    expect(statusOf(true, { state: 'active', scopes, googleEmail: null, lastSyncedAt: null })).toMatchObject({ state, missing });
  });

  it('is broken whatever was granted once Google refused the grant', () => {
    expect(statusOf(true, { state: 'broken', scopes: ['https://mail.google.com/'], googleEmail: 'a@b', lastSyncedAt: null }).state).toBe(
      'broken',
    );
    expect(grantedPermissions(['https://mail.google.com/'])).toEqual({ mail: true, calendar: false });
  });
});

describe('the draft message', () => {
  it('keeps line breaks out of headers and encodes a non-ASCII subject', () => {
    const raw = buildDraftMessage({ to: ['a@x.example\r\nBcc: evil@x.example'], subject: 'Prix – suivi\nBcc: x', body: 'Héllo' });
    expect(raw.split('\r\n\r\n')[0]!.split('\r\n')).toEqual([
      'To: a@x.example Bcc: evil@x.example',
      `Subject: =?UTF-8?B?${Buffer.from('Prix – suivi Bcc: x').toString('base64')}?=`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset="UTF-8"',
      'Content-Transfer-Encoding: base64',
    ]);
    expect(Buffer.from(raw.split('\r\n\r\n')[1]!, 'base64').toString('utf8')).toBe('Héllo');
  });
});

describe('isTeamCall (shared with the calls panel)', () => {
  it('follows is_team, else more than 2 attendees', () => {
    expect(isTeamCall({ is_team: false, attendees: [1, 2, 3] })).toBe(false);
    expect(isTeamCall({ is_team: true, attendees: [] })).toBe(true);
    expect(isTeamCall({ is_team: null, attendees: [1, 2, 3] })).toBe(true);
    expect(isTeamCall({ is_team: null, attendees: [1, 2] })).toBe(false);
  });
});
