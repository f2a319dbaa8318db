import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';

/**
 * The toaster loads beside the first screen instead of in front of it. It mounts long before any
 * toast can be raised: every toast answers a request the visitor started.
 */
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-center" closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
