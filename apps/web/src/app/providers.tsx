import { QueryClientProvider, useIsFetching, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { loadChunk } from '../lib/chunk-load';
import { createQueryClient } from '../lib/query-client';

/**
 * The toaster loads once the first screen is up with its data, not in front of it. It mounts long
 * before any toast can be raised: every toast answers a request the visitor started. If its code
 * does not load, there are no toasts, but the app stays (it sits outside the error screen's boundary).
 */
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  loadChunk(() => import('sonner')).then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

/** However busy the first screen keeps the page, the toaster is there this long after the app starts. */
export const TOASTER_AT_LATEST_MS = 3000;

/**
 * Mounts the toaster when no query is loading and the browser is idle: on a phone, after the
 * first screen has rendered its answers (its import, its styles and its first render would
 * otherwise land in the middle of that render), or after TOASTER_AT_LATEST_MS.
 */
function LateToaster() {
  const loading = useIsFetching() > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), TOASTER_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (mounted || loading) return;
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(() => setMounted(true), { timeout: 1000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(() => setMounted(true));
    return () => clearTimeout(timer);
  }, [loading, mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster position="top-center" closeButton />
    </Suspense>
  ) : null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <LateToaster />
    </QueryClientProvider>
  );
}
