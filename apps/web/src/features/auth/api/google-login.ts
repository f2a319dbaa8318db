/** A full-page navigation: the server runs the Google OAuth dance and returns to /oauth-callback. */
export const GOOGLE_LOGIN_PATH = '/api/auth/google/login';

export function startGoogleLogin(): void {
  window.location.assign(GOOGLE_LOGIN_PATH);
}
