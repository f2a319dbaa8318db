import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error';
import { routes } from './route-table';

/** The screen the route table gives for the current location, with the last-resort error screen around it. */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return <RouteErrorBoundary>{useRoutes(table)}</RouteErrorBoundary>;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
