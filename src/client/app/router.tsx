import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { AppShell } from './components/app-shell';
import { DashboardGate } from './components/dashboard-gate';
import { RequireSession } from './components/require-session';
import { CheckInRoute } from './routes/checkin';
import { DashboardRoute } from './routes/dashboard';
import { GuardianRoute } from './routes/guardian';
import { GuardianViewRoute } from './routes/guardian-view';
import { MapRoute } from './routes/map';
import { NotFoundRoute } from './routes/not-found';
import { OutboxRoute } from './routes/outbox';
import { PermissionsRoute } from './routes/permissions';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { SettingsRoute } from './routes/settings';
import { SosRoute } from './routes/sos';
import { SplashRoute } from './routes/splash';
import { SubscriptionSuccessRoute } from './routes/subscription-success';
import { TrackRoute } from './routes/track';
import { WelcomeRoute } from './routes/welcome';

/**
 * Every route (docs/PRODUCT.md#screens-and-routes). Exported so tests can mount them in a memory router. Screens
 * that need an account sit under <RequireSession>; the rest (splash, welcome, permissions, the placeholders,
 * /track share links, subscription success, reset-password, not-found) are public.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.splash, element: <SplashRoute /> },
      { path: paths.welcome, element: <WelcomeRoute /> },
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
              { path: paths.guardian, element: <GuardianRoute /> },
              { path: paths.guardianView, element: <GuardianViewRoute /> },
              { path: paths.outbox, element: <OutboxRoute /> },
            ],
          },
          { path: paths.map, element: <MapRoute /> },
          { path: paths.checkIn, element: <CheckInRoute /> },
        ],
      },
      { path: paths.permissions, element: <PermissionsRoute /> },
      { path: paths.track, element: <TrackRoute /> },
      {
        element: <RequireSession whenSignedOut="redirect-home" />,
        children: [{ path: paths.settings, element: <SettingsRoute /> }],
      },
      { path: paths.subscriptionSuccess, element: <SubscriptionSuccessRoute /> },
      { path: paths.resetPassword, element: <ResetPasswordRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
