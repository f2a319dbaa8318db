const USER_KEY = 'user';

/** The spec's local `user` item: email and name, plus first/last name after an OTP sign-in. */
export type TStoredUser = { email: string; name: string; firstName?: string; lastName?: string };

export function writeStoredUser(user: TStoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearLocalStorage(): void {
  localStorage.clear();
}
