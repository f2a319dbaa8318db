import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner, Spinner } from '../components/ui/spinner';
import { loadScreen } from '../lib/chunk-load';
import { ReleaseFirstPaint } from '../lib/first-paint';
import { RootLayout } from './root-layout';

/**
 * Every screen is its own chunk: the route loads its component on first visit. The server
 * preloads the chunks of the page it serves (build/route-preloads.ts), so on a first load the
 * import is already on its way when the route renders. A chunk that does not load gives the error
 * screen's 'Loading chunk failed' (route-error.tsx): after 120 seconds without an answer, or, when it
 * fails at once, after one automatic reload that picks up a new deploy (lib/chunk-load.ts).
 */
export function page(load: () => Promise<ComponentType>): ComponentType {
  // This module is in the entry chunk, whose name changes with any chunk it loads: it names the build.
  return lazy(async () => ({ default: await loadScreen(load, import.meta.url) }));
}

const GuestOnly = page(async () => (await import('./guards/guest-only')).GuestOnly);
const RequireAuth = page(async () => (await import('./guards/require-auth')).RequireAuth);
const DashboardLayout = page(async () => (await import('./shell/dashboard-layout')).DashboardLayout);
const NotFoundPage = page(async () => (await import('./not-found-page')).NotFoundPage);

const SignInPage = page(async () => (await import('../features/auth/components/sign-in-page')).SignInPage);
const NotCustomerPage = page(async () => (await import('../features/auth/components/not-customer-page')).NotCustomerPage);
const PendingApprovalPage = page(async () => (await import('../features/auth/components/pending-approval-page')).PendingApprovalPage);
const OAuthCallbackPage = page(async () => (await import('../features/auth/components/oauth-callback-page')).OAuthCallbackPage);

const HomePage = page(async () => (await import('./routes/home-page')).HomePage);
const DealsPage = page(async () => (await import('../features/deals/components/deals-page')).DealsPage);
const NewDealPage = page(async () => (await import('../features/deals/components/new-deal-page')).NewDealPage);
const DealDetailPage = page(async () => (await import('./routes/deal-detail-page')).DealDetailPage);
const CompaniesPage = page(async () => (await import('../features/companies/components/companies-page')).CompaniesPage);
const CompanyDetailPage = page(async () => (await import('./routes/company-detail-page')).CompanyDetailPage);
const ContactsPage = page(async () => (await import('../features/contacts/components/contacts-page')).ContactsPage);
const ContactDetailPage = page(async () => (await import('./routes/contact-detail-page')).ContactDetailPage);
const MeetingsRoute = page(async () => (await import('./routes/meetings-page')).MeetingsRoute);
const UploadRoute = page(async () => (await import('./routes/upload-page')).UploadRoute);
const CoachingPage = page(async () => (await import('../features/coaching/components/coaching-page')).CoachingPage);
const MeetingDetailRoute = page(async () => (await import('./routes/meeting-detail-page')).MeetingDetailRoute);
const SettingsPage = page(async () => (await import('../features/settings/components/settings-page')).SettingsPage);

/**
 * A dashboard screen loads inside the frame: the sidebar and header stay while its code arrives.
 * Once it is on screen, the server's first-paint frame (lib/first-paint.ts) goes.
 */
export const screen = (Screen: ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Screen />
    <ReleaseFirstPaint />
  </Suspense>
);

/** SPEC section 2's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <RootLayout />
      </Suspense>
    ),
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'signin',
            // The server's first paint of the form goes once the app's own is on screen.
            element: (
              <>
                <SignInPage />
                <ReleaseFirstPaint />
              </>
            ),
          },
          { path: 'not-customer', element: <NotCustomerPage /> },
          { path: 'pending-approval', element: <PendingApprovalPage /> },
        ],
      },
      // Outside the guest guard on purpose: it stores the user before it redirects.
      { path: 'oauth-callback', element: <OAuthCallbackPage /> },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, element: screen(HomePage) },
              { path: 'deals', element: screen(DealsPage) },
              { path: 'deals/new', element: screen(NewDealPage) },
              { path: 'deals/:id', element: screen(DealDetailPage) },
              { path: 'companies', element: screen(CompaniesPage) },
              { path: 'companies/:id', element: screen(CompanyDetailPage) },
              { path: 'contacts', element: screen(ContactsPage) },
              { path: 'contacts/:id', element: screen(ContactDetailPage) },
              { path: 'meetings', element: screen(MeetingsRoute) },
              { path: 'upload', element: screen(UploadRoute) },
              { path: 'coaching/:userId?', element: screen(CoachingPage) },
              { path: 'meeting/:id', element: screen(MeetingDetailRoute) },
              { path: 'settings', element: screen(SettingsPage) },
            ],
          },
        ],
      },
      // The front door (the server redirects / too): the dashboard, whose guard sends a visitor
      // who is not signed in on to /signin.
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
