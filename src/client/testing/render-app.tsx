import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { STORAGE_KEYS } from '#shared/constants';
import type { AuthSession } from '#shared/schemas/auth';
import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';
import type { DeviceAdapters } from '../lib/device/device-context';
import type { RealtimeTransport } from '../lib/realtime/realtime-transport';
import { createFakeDevice } from './fake-device';
import { createFakeRealtime } from './fake-realtime';

/**
 * The app's routes with every lazily loaded screen already loaded, so a test renders a screen synchronously as
 * before code splitting. The lazy loading itself is exercised in the browser (e2e/on-demand-code.spec.ts).
 */
async function loadedRoutes(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      return {
        ...route,
        ...loaded,
        ...(children ? { children: await loadedRoutes(children) } : {}),
      } as RouteObject;
    }),
  );
}

const routes = await loadedRoutes(appRoutes);

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
export function renderApp(path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result: RenderResult = render(
    <AppProvider
      device={options.device ?? createFakeDevice()}
      queryClient={options.queryClient ?? testQueryClient()}
      realtime={options.realtime ?? createFakeRealtime().transport}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}

/** Renders one component inside the app providers (no routes beyond a memory router around it). */
export function renderWithProviders(ui: ReactNode, options: RenderOptions & { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider
      device={options.device ?? createFakeDevice()}
      queryClient={options.queryClient ?? testQueryClient()}
      realtime={options.realtime ?? createFakeRealtime().transport}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}
