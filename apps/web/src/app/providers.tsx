import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { loadChunk } from '../lib/chunk-load';
import { createQueryClient } from '../lib/query-client';

/**
 * The toaster loads once the first screen is up, not in front of it. It mounts long before any
 * toast can be raised: every toast answers a request the visitor started. If its code does not
 * load, there are no toasts, but the app stays (it sits outside the error screen's boundary).
 */
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  loadChunk(() => import('sonner')).then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [toaster, setToaster] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setToaster(true));
    return () => clearTimeout(timer);
  }, []);
  return (
    <QueryClientProvider client={client}>
      {children}
      {toaster ? (
        <Suspense fallback={null}>
          <Toaster position="top-center" closeButton />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
