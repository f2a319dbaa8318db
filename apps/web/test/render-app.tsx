import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/route-table';
import { createQueryClient } from '../src/lib/query-client';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** The real route table in a memory router, with a fresh query cache. */
export function renderApp(entry: Entry, routeTable: RouteObject[] = routes) {
  const router = createMemoryRouter(routeTable, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** One screen at one path, with a catch-all that shows where navigation went. */
export function renderScreen(path: string, element: ReactElement, entry: Entry = path) {
  return renderApp(entry, [
    { path, element },
    { path: '*', Component: LocationProbe },
  ]);
}

function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {JSON.stringify(location.state ?? null)}
    </p>
  );
}
