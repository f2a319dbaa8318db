import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Every screen is its own chunk: the route loads its component on first visit. */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

const guestOnly = page(async () => (await import('./guards/guest-only')).GuestOnly);
const requireAuth = page(async () => (await import('./guards/require-auth')).RequireAuth);
const notFound = page(async () => (await import('./not-found-page')).NotFoundPage);

/** SPEC section 2's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: guestOnly,
        children: [
          { path: 'signin', lazy: page(async () => (await import('../features/auth/components/sign-in-page')).SignInPage) },
          { path: 'not-customer', lazy: page(async () => (await import('../features/auth/components/not-customer-page')).NotCustomerPage) },
          { path: 'pending-approval', lazy: page(async () => (await import('../features/auth/components/pending-approval-page')).PendingApprovalPage) },
        ],
      },
      // Outside the guest guard on purpose: it stores the user before it redirects.
      { path: 'oauth-callback', lazy: page(async () => (await import('../features/auth/components/oauth-callback-page')).OAuthCallbackPage) },
      {
        path: 'dashboard',
        lazy: requireAuth,
        children: [
          {
            lazy: page(async () => (await import('./shell/dashboard-layout')).DashboardLayout),
            children: [
              { index: true, lazy: page(async () => (await import('./routes/home-page')).HomePage) },
              { path: 'deals', lazy: page(async () => (await import('../features/deals/components/deals-page')).DealsPage) },
              { path: 'deals/:id', lazy: page(async () => (await import('./routes/deal-detail-page')).DealDetailPage) },
              { path: 'meetings', lazy: page(async () => (await import('./routes/meetings-page')).MeetingsRoute) },
              { path: 'upload', lazy: page(async () => (await import('./routes/upload-page')).UploadRoute) },
              { path: 'coaching', lazy: page(async () => (await import('../features/coaching/components/coaching-page')).CoachingPage) },
              { path: 'meeting/:id', lazy: page(async () => (await import('./routes/meeting-detail-page')).MeetingDetailRoute) },
              { path: 'settings', lazy: page(async () => (await import('../features/settings/components/settings-page')).SettingsPage) },
            ],
          },
        ],
      },
      { index: true, lazy: notFound },
      { path: '*', lazy: notFound },
    ],
  },
];
