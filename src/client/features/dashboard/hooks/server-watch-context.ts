import { createContext, useContext } from 'react';
import type { ServerDoubt } from '../utils/server-status';

export type ServerWatch = {
  doubt: ServerDoubt | null;
  /** An SOS send found no server: say so at once, and ask the health check again. */
  reportUnreachable(): void;
};

/** Outside <ServerWatchScope> (signed out) there is no doubt to report: the health check alone decides. */
export const ServerWatchContext = createContext<ServerWatch>({
  doubt: null,
  reportUnreachable: () => undefined,
});

export function useServerWatch(): ServerWatch {
  return useContext(ServerWatchContext);
}
