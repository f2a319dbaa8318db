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

/** The toaster mounts no sooner than this after the app starts, unless the visitor acts first. */
export const TOASTER_AFTER_MS = 2000;

/**
 * Mounts the toaster at the visitor's first press, key or click, or, failing that, once the app has run
 * TOASTER_AFTER_MS, no query is loading and the browser is idle: on a phone, after the first screen
 * has rendered its answers (its import, its styles and its first render otherwise land in the
 * middle of that render). A toast raised before it mounts is shown when it does (sonner replays
 * the active toasts to a new toaster), and every toast answers something the visitor started.
 */
function LateToaster() {
  const loading = useIsFetching() > 0;
  const [mounted, setMounted] = useState(false);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    const events = ['pointerdown', 'keydown', 'click'] as const;
    for (const type of events) window.addEventListener(type, mount, { capture: true, once: true, passive: true });
    const timer = setTimeout(() => setWaited(true), TOASTER_AFTER_MS);
    return () => {
      for (const type of events) window.removeEventListener(type, mount, { capture: true });
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (mounted || loading || !waited) return;
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(() => setMounted(true), { timeout: 1000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(() => setMounted(true));
    return () => clearTimeout(timer);
  }, [loading, mounted, waited]);
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
