import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { STORAGE_KEYS } from '#shared/constants';
import type { AuthSession } from '#shared/schemas/auth-session';
import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';
import type { DeviceAdapters } from '../lib/device/device-context';
import type { RealtimeTransport } from '../lib/realtime/realtime-transport';
import { createFakeDevice } from './fake-device';
import { createFakeRealtime } from './fake-realtime';

/**
 * The app's routes with the lazily loaded screens that `path` opens already loaded, so the screen under test
 * renders as soon as the router does. Every other screen stays lazy and loads only if the test navigates to it:
 * loading them all cost every test file the import of every screen (the map and its library included). The lazy
 * loading itself is exercised in the browser (e2e/on-demand-code.spec.ts).
 */
async function routesOpening(path: string): Promise<RouteObject[]> {
  const opened = new Set((matchRoutes(appRoutes, path) ?? []).map((match) => match.route));
  const load = (routes: RouteObject[]): Promise<RouteObject[]> =>
    Promise.all(
      routes.map(async (route) => {
        const { lazy, children, ...rest } = route;
        const loaded = opened.has(route) && typeof lazy === 'function' ? await lazy() : lazy ? { lazy } : {};
        return { ...rest, ...loaded, ...(children ? { children: await load(children) } : {}) } as RouteObject;
      }),
    );
  return load(appRoutes);
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function storeSession(session: AuthSession): void {
  window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
}

export function markOnboardingSeenForTest(): void {
  window.localStorage.setItem(STORAGE_KEYS.onboardingSeen, 'true');
}

type RenderOptions = {
  device?: DeviceAdapters;
  queryClient?: QueryClient;
  /** The realtime server; by default a fake whose sockets never open, so no test touches the network. */
  realtime?: RealtimeTransport;
};

/** Renders the whole app (providers and every route) at `path` in a memory router. */
export async function renderApp(path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(await routesOpening(path), { initialEntries: [path] });
  const user = userEvent.setup();
  const queryClient = options.queryClient ?? testQueryClient();
  const result: RenderResult = render(
    <AppProvider
      device={options.device ?? createFakeDevice()}
      queryClient={queryClient}
      realtime={options.realtime ?? createFakeRealtime().transport}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** Renders one component inside the app providers (no routes beyond a memory router around it). */
export function renderWithProviders(ui: ReactNode, options: RenderOptions & { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const user = userEvent.setup();
  const queryClient = options.queryClient ?? testQueryClient();
  const result = render(
    <AppProvider
      device={options.device ?? createFakeDevice()}
      queryClient={queryClient}
      realtime={options.realtime ?? createFakeRealtime().transport}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, queryClient };
}
