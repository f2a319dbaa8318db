import type { TGoogleStatus } from '@pipewise/contract/calendar';

const MAIL_SCOPES = new Set([
  'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
]);
const CALENDAR_SCOPES = new Set([
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.events.readonly',
]);

/** Mail is recognised from a mail scope that can write drafts, calendar from a calendar scope that can read events. */
export function grantedPermissions(scopes: readonly string[]): { mail: boolean; calendar: boolean } {
  return { mail: scopes.some((s) => MAIL_SCOPES.has(s)), calendar: scopes.some((s) => CALENDAR_SCOPES.has(s)) };
}

const CALENDAR_WRITE_SCOPES = new Set(['https://www.googleapis.com/auth/calendar', 'https://www.googleapis.com/auth/calendar.events']);

/** Whether the grant lets Pipewise put events on the user's calendar (a call booked here); a read-only grant does not. */
export const calendarWritable = (scopes: readonly string[]): boolean => scopes.some((s) => CALENDAR_WRITE_SCOPES.has(s));

/** A space- or comma-separated scope string as a list. */
export const parseScopes = (scope: string | undefined | null): string[] => (scope ?? '').split(/[\s,]+/).filter(Boolean);

/** The card's state from a stored connection (or none). */
export function statusOf(
  configured: boolean,
  connection: { state: string; scopes: string[]; googleEmail: string | null; lastSyncedAt: Date | null } | undefined,
): TGoogleStatus {
  if (!connection)
    return { configured, state: 'not_connected', mail: false, calendar: false, missing: [], email: null, last_synced_at: null };
  const { mail, calendar } = grantedPermissions(connection.scopes);
  const missing = [...(mail ? [] : (['mail'] as const)), ...(calendar ? [] : (['calendar'] as const))];
  const state = connection.state === 'broken' ? 'broken' : missing.length ? 'partial' : 'connected';
  return {
    configured,
    state,
    mail,
    calendar,
    missing,
    email: connection.googleEmail,
    last_synced_at: connection.lastSyncedAt?.toISOString() ?? null,
  };
}
