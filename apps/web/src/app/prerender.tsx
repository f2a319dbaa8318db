import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { HomePage } from './routes/home-page';
import { DashboardFrame, SessionCheck } from './shell/dashboard-layout';
import { titleFromPath } from './shell/header-title';
import { SiteFooter } from './site-footer';

/**
 * The build renders each dashboard page's first paint to HTML here (build/prerender.ts): the frame
 * as it looks while the session check runs (no user yet), and on the home page the screen's own
 * headings, panels and loading states, which need no data. The server sends it over the app for
 * signed-in visitors (lib/first-paint.ts); nothing in it is anybody's data. The sign-in page's
 * first paint is its form as it opens (the email step), which the server sends to every visitor.
 */
function FirstPaint({ path, children }: { path: string; children: ReactNode }) {
  const noop = () => undefined;
  return (
    <MemoryRouter initialEntries={[path]}>
      {/* An empty cache: every query is pending, as on a first load. Nothing is fetched here. */}
      <QueryClientProvider client={new QueryClient()}>
        <DashboardFrame
          title={titleFromPath(path)}
          profile={undefined}
          onNavigate={noop}
          assistantOpen={false}
          onToggleAssistant={noop}
          onCloseAssistant={noop}
          onLogout={noop}
        >
          {children}
        </DashboardFrame>
        <SiteFooter />
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** The sign-in page as it opens, with the footer every screen has (app/root-layout.tsx). */
function SignInFirstPaint() {
  return (
    <MemoryRouter initialEntries={['/signin']}>
      <QueryClientProvider client={new QueryClient()}>
        <SignInPage />
        <SiteFooter />
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** The first paint of each dashboard path pattern and of /signin (build/route-preloads.ts), as HTML. */
export function prerenderFirstPaints(patterns: string[]): Record<string, string> {
  const pages: Record<string, string> = {};
  if (patterns.includes('/signin')) pages['/signin'] = renderToString(<SignInFirstPaint />);
  for (const pattern of patterns.filter((p) => p === '/dashboard' || p.startsWith('/dashboard/'))) {
    // A path the pattern matches: the frame depends only on the section (title, current link).
    const path = pattern.replace(/:[^/]+/g, 'x');
    const screen = pattern === '/dashboard' ? <HomePage /> : <SessionCheck />;
    pages[pattern] = renderToString(<FirstPaint path={path}>{screen}</FirstPaint>);
  }
  return pages;
}
