import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { isSignedIn, profileQueryOptions } from '../../../lib/session';
import { writeStoredUser } from '../../../lib/storage';

const NO_TOKEN = 'No token received';

/**
 * The server has set the session cookie before redirecting here (decision 1), so "a token"
 * means: the profile answers. This page redirects by itself, outside the guest guard.
 */
export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    const toSignIn = (message: string) => navigate('/signin', { replace: true, state: { error: message } });
    if (error) {
      void toSignIn(error);
      return;
    }
    void (async () => {
      try {
        const profile = await queryClient.fetchQuery({ ...profileQueryOptions, staleTime: 0 });
        if (!isSignedIn(profile)) {
          await toSignIn(NO_TOKEN);
          return;
        }
        writeStoredUser({
          email: params.get('email') || profile.email,
          name: params.get('name') || profile.name,
          firstName: profile.first_name,
          lastName: profile.last_name,
        });
        await navigate('/dashboard', { replace: true });
      } catch {
        await toSignIn(NO_TOKEN);
      }
    })();
  }, [params, navigate, queryClient]);

  return <FullPageSpinner label="Signing you in" />;
}
