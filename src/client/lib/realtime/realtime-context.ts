import { createContext, useContext } from 'react';
import type { RealtimeStatus } from './realtime-connection';
import { browserRealtimeTransport, type RealtimeTransport } from './realtime-transport';

/** The state of the app's realtime connection ('stopped' while signed out), for "Live" indicators. */
export const RealtimeStatusContext = createContext<RealtimeStatus>('stopped');

export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeStatusContext);
}

/** How sockets are opened: real WebSockets in the browser, a fake server in tests. */
export const RealtimeTransportContext = createContext<RealtimeTransport>(browserRealtimeTransport);

export function useRealtimeTransport(): RealtimeTransport {
  return useContext(RealtimeTransportContext);
}
