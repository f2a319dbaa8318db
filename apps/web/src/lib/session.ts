import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { loadChunk } from './chunk-load';
import { http, isApiError } from './http';
import { clearLocalStorage, writeStoredUser } from './storage';

export const PROFILE_QUERY_KEY = ['session', 'profile'] as const;

/**
 * The SPA's source of truth for "am I signed in" (decision 1): the profile, or null when the
 * server answers 401. The session cookie is HttpOnly, so this is the only way to know.
 */
export async function fetchProfile(): Promise<TProfileResponse | null> {
  try {
    // The schema, and with it zod, loads beside the request: it is not part of the first screen.
    const [answer, { ZProfileResponse }] = await Promise.all([
      http.get('/api/session/profile'),
      loadChunk(() => import('@pipewise/contract/auth')),
    ]);
    const profile = ZProfileResponse.parse(answer);
    writeStoredUser({
      email: profile.email,
      name: profile.name,
      firstName: profile.first_name,
      lastName: profile.last_name,
    });
    return profile;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: fetchProfile,
  staleTime: 60_000,
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

export function isSignedIn(profile: TProfileResponse | null | undefined): profile is TProfileResponse {
  return Boolean(profile?.session_valid);
}

/** Logs out on the server, then clears everything local whatever the server said. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await http.post('/api/session/logout', {});
    } catch {
      // The spec: a failed logout request still clears local state and redirects.
    }
    clearLocalStorage();
    queryClient.clear();
    queryClient.setQueryData(PROFILE_QUERY_KEY, null);
    await navigate('/signin', { replace: true });
  }, [queryClient, navigate]);
}
