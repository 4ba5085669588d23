import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { AppShell } from './components/app-shell';
import { DashboardGate } from './components/dashboard-gate';
import { RequireSession } from './components/require-session';
import { CheckInRoute } from './routes/checkin';
import { DashboardRoute } from './routes/dashboard';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { SosRoute } from './routes/sos';
import { SplashRoute } from './routes/splash';
import { AccountDeletedRoute } from './routes/account-deleted';
import { SubscriptionSuccessRoute } from './routes/subscription-success-route';

/**
 * Every route (docs/PRODUCT.md#screens-and-routes). Exported so tests can mount them in a memory router. Screens
 * that need an account sit under <RequireSession>; the rest (splash, welcome, permissions,
 * /track share links, the contacts' /r responder pages, subscription success, reset-password, not-found) are public.
 * The shell, the dashboard, /sos, the splash and the error screens are in the first download; every other
 * screen's code loads when it is first opened (`lazy`), and the service worker precaches it for offline use.
 * `lazy` is a function, not an object: React Router empties a lazy object once loaded, and tests build many
 * routers from this one array.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.splash, element: <SplashRoute /> },
      {
        path: paths.welcome,
        lazy: async () => ({ Component: (await import('./routes/welcome')).WelcomeRoute }),
      },
      {
        element: <AppShell />,
        children: [
          {
            element: <DashboardGate />,
            children: [
              {
                element: <RequireSession />,
                children: [
                  { path: paths.home, element: <DashboardRoute /> },
                  { path: paths.auth, element: <DashboardRoute /> },
                  { path: paths.contacts, element: <DashboardRoute /> },
                ],
              },
            ],
          },
          {
            element: <RequireSession />,
            children: [
              { path: paths.sos, element: <SosRoute /> },
              {
                path: paths.guardian,
                lazy: async () => ({ Component: (await import('./routes/guardian')).GuardianRoute }),
              },
              {
                path: paths.guardianView,
                lazy: async () => ({ Component: (await import('./routes/guardian-view')).GuardianViewRoute }),
              },
              // Not a lazy route: its screen loads on demand inside (routes/checkin.tsx explains why).
              { path: paths.checkin, element: <CheckInRoute /> },
              {
                path: paths.map,
                lazy: async () => ({
                  Component: (await import('./components/escort-screens')).EscortMapRoute,
                }),
              },
              {
                path: paths.safetyMap,
                lazy: async () => ({ Component: (await import('./routes/safety-map')).SafetyMapRoute }),
              },
              {
                path: paths.outbox,
                lazy: async () => ({ Component: (await import('./routes/outbox')).OutboxRoute }),
              },
            ],
          },
        ],
      },
      {
        path: paths.permissions,
        lazy: async () => ({ Component: (await import('./routes/permissions')).PermissionsRoute }),
      },
      { path: paths.track, lazy: async () => ({ Component: (await import('./routes/track')).TrackRoute }) },
      {
        path: paths.responder,
        lazy: async () => ({ Component: (await import('./routes/responder')).ResponderRoute }),
      },
      // Not lazy: it ends the session, and a lazy chunk of its own would split the session code out of the first
      // download's chunks, costing more than this small screen (README, "Bundle budget").
      { path: paths.accountDeleted, element: <AccountDeletedRoute /> },
      {
        element: <RequireSession whenSignedOut="redirect-home" />,
        children: [
          {
            path: paths.settings,
            lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }),
          },
        ],
      },
      // Outside the app shell: the active-alert screen, which stands in for every screen of the shell, links to
      // the recording made during the alert, and a guardian with an alert of their own still opens a ward's.
      {
        element: <RequireSession />,
        children: [
          {
            path: paths.recording,
            lazy: async () => ({ Component: (await import('./routes/recording')).RecordingRoute }),
          },
        ],
      },
      { path: paths.subscriptionSuccess, element: <SubscriptionSuccessRoute /> },
      {
        path: paths.resetPassword,
        lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
