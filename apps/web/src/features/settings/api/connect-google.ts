import { useMutation } from '@tanstack/react-query';
import { GOOGLE_CONNECT_MESSAGES, ZGoogleAuthorizeUrl } from '@pipewise/contract/calendar';
import { http, isApiError } from '../../../lib/http';

/** Google's consent page for this user (the server keeps the state and PKCE verifier). */
export async function fetchGoogleAuthorizeUrl(): Promise<string> {
  return ZGoogleAuthorizeUrl.parse(await http.get('/api/google/authorize-url')).url;
}

/** The spec's Google texts: a refused grant, a failed connect, or no answer at all. */
export function googleErrorMessage(error: unknown, during: 'connect' | 'exchange'): string {
  if (!isApiError(error)) return GOOGLE_CONNECT_MESSAGES.connectionError;
  if (error.status === 409 && error.detail) return error.detail; // not configured: says what to do
  if (during === 'exchange' && error.status === 400) return GOOGLE_CONNECT_MESSAGES.authFailed;
  return GOOGLE_CONNECT_MESSAGES.connectFailed;
}

/** Connect: fetches the consent page's address and leaves for it. */
export function useConnectGoogle() {
  return useMutation({ mutationFn: fetchGoogleAuthorizeUrl, onSuccess: (url) => window.location.assign(url) });
}
