import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { AppRoutes } from '../src/app/app';
import { AppProviders } from '../src/app/providers';
import { createQueryClient } from '../src/lib/query-client';

type Entry = string | { pathname: string; search?: string; state?: unknown };

type Seen = { location: Location; historyAction: NavigationType; navigate: NavigateFunction };

/** Where the app is now and how it got there (`router.state`), and a way to move (`router.navigate`). */
type RouterView = { state: Pick<Seen, 'location' | 'historyAction'>; navigate: NavigateFunction };

function RouterSpy({ onRender }: { onRender: (seen: Seen) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender({ location, historyAction, navigate });
  });
  return null;
}

/** The real route table in a memory router, with a fresh query cache. */
export function renderApp(entry: Entry, routeTable?: RouteObject[]) {
  const spy: { seen: Seen | null } = { seen: null };
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <RouterSpy
          onRender={(seen) => {
            spy.seen = seen;
          }}
        />
        <AppRoutes table={routeTable} />
      </MemoryRouter>
    </AppProviders>,
  );
  const current = () => {
    if (!spy.seen) throw new Error('the router has not rendered yet');
    return spy.seen;
  };
  const router: RouterView = {
    get state() {
      return { location: current().location, historyAction: current().historyAction };
    },
    navigate: ((...args: Parameters<NavigateFunction>) => current().navigate(...args)) as NavigateFunction,
  };
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
