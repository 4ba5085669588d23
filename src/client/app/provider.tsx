import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { ThemeProvider } from '../features/theme/components/theme-provider';
import { browserDevice, DeviceProvider, type DeviceAdapters } from '../lib/device/device-context';
import { watchFirstPaint } from '../lib/first-paint';
import { createQueryClient } from '../lib/query-client';
import { RealtimeTransportContext } from '../lib/realtime/realtime-context';
import { browserRealtimeTransport, type RealtimeTransport } from '../lib/realtime/realtime-transport';
import { AppToaster } from './components/app-toaster';
import { SessionScope } from './components/session-scope';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client and fake device adapters. */
  queryClient?: QueryClient;
  device?: DeviceAdapters;
  /** Tests pass a fake realtime server. */
  realtime?: RealtimeTransport;
};

export function AppProvider({
  children,
  queryClient,
  device = browserDevice,
  realtime = browserRealtimeTransport,
}: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The first render is committed: requests and on-demand code wait for its paint (lib/first-paint.ts).
  useLayoutEffect(watchFirstPaint, []);
  return (
    <QueryClientProvider client={client}>
      <DeviceProvider adapters={device}>
        <RealtimeTransportContext.Provider value={realtime}>
          <ThemeProvider>
            <AuthProvider>
              <SessionScope>{children}</SessionScope>
            </AuthProvider>
            <AppToaster />
          </ThemeProvider>
        </RealtimeTransportContext.Provider>
      </DeviceProvider>
    </QueryClientProvider>
  );
}
