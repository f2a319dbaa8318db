const USER_KEY = 'user';

/** The spec's local `user` item: email and name, plus first/last name after an OTP sign-in. */
export type TStoredUser = { email: string; name: string; firstName?: string; lastName?: string };

// A hand-written check rather than a zod schema: this module is on every page's first screen,
// which loads without zod.
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
function isStoredUser(v: unknown): v is TStoredUser {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return typeof u.email === 'string' && typeof u.name === 'string' && optionalString(u.firstName) && optionalString(u.lastName);
}

export function writeStoredUser(user: TStoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function readStoredUser(): TStoredUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? { email: parsed.email, name: parsed.name, firstName: parsed.firstName, lastName: parsed.lastName } : null;
  } catch {
    return null;
  }
}

export function clearLocalStorage(): void {
  localStorage.clear();
}
