import { z } from 'zod';

const USER_KEY = 'user';

/** The spec's local `user` item: email and name, plus first/last name after an OTP sign-in. */
export const ZStoredUser = z.object({
  email: z.string(),
  name: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
export type TStoredUser = z.infer<typeof ZStoredUser>;

export function writeStoredUser(user: TStoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function readStoredUser(): TStoredUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = ZStoredUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearLocalStorage(): void {
  localStorage.clear();
}
