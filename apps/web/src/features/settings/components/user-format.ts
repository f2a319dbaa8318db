import type { TUserRow } from '@pipewise/contract/users';
import { onFirstUse } from '../../../lib/first-use';

export const DEFAULT_TEAM = 'General';
export const DEFAULT_ACCESS = 'User';

const ROLE_LABELS: Record<string, string> = { super_admin: 'Super Admin', admin: 'Admin', user: 'User' };

/** 'SUPER_ADMIN' -> 'Super Admin'; unknown roles are title-cased; none -> 'User'. */
export function accessLabel(role: string | null | undefined): string {
  const key = (role ?? '').trim().toLowerCase();
  if (!key) return DEFAULT_ACCESS;
  return (
    ROLE_LABELS[key] ??
    key
      .split(/[_\s]+/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

export function teamLabel(team: string | null | undefined): string {
  return team?.trim() || DEFAULT_TEAM;
}

/** A person's name as shown: their full name, else first and last, else their address. */
export function fullNameOf(person: Pick<TUserRow, 'first_name' | 'last_name' | 'email'> & { name?: string }): string {
  return person.name?.trim() || `${person.first_name} ${person.last_name}`.trim() || person.email;
}

const DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const DATE = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** A last-login instant as local date and time, 'Never' when there is none (or it is unreadable). */
export function formatLastLogin(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Never' : DATE_TIME().format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE().format(date);
}

/** Splits an address before its '@', where a narrow column may wrap it. */
export function emailParts(email: string): [string, string] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email, ''];
}

/** The manager picker's choices: active users, by name and email. */
export function managerOptions(users: readonly TUserRow[], excludeId?: string) {
  return users
    .filter((u) => u.status === 'active' && u.id !== excludeId)
    .map((u) => ({ value: u.email, label: `${fullNameOf(u)} (${u.email})` }));
}
