import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { ThemeProvider } from '../features/theme/components/theme-provider';
import { browserDevice, DeviceProvider, type DeviceAdapters } from '../lib/device/device-context';
import { createQueryClient } from '../lib/query-client';
import { AppToaster } from './components/app-toaster';
import { SessionScope } from './components/session-scope';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client and fake device adapters. */
  queryClient?: QueryClient;
  device?: DeviceAdapters;
};

export function AppProvider({ children, queryClient, device = browserDevice }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <DeviceProvider adapters={device}>
        <ThemeProvider>
          <AuthProvider>
            <SessionScope>{children}</SessionScope>
          </AuthProvider>
          <AppToaster />
        </ThemeProvider>
      </DeviceProvider>
    </QueryClientProvider>
  );
}
