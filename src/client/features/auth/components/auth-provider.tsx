import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { AUTH } from '#shared/constants';
import { holdRequestsUntil } from '../../../lib/api-client';
import { getSession } from '../../../lib/session-store';
import { needsRefresh, refreshSessionIfNeeded } from '../api/refresh-session';
import { AuthStatusContext, type AuthStatus } from '../hooks/auth-status-context';

function refreshQuietly(): Promise<unknown> {
  // Failures are handled inside (sign-out on rejection, keep on network errors); nothing to show here.
  return refreshSessionIfNeeded().catch(() => null);
}

/**
 * Reads the stored session on load, renews it when it is stale, and keeps it fresh: every
 * `AUTH.refreshCheckIntervalMs`, when the tab becomes visible again (timers sleep in background tabs) and when
 * the network comes back.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() => (needsRefresh(getSession()) ? 'checking' : 'ready'));

  // A layout effect: it runs before any screen's effects, so their requests already find the renewal to wait for
  // (holdRequestsUntil). The screens themselves show from the stored session meanwhile: an SOS never waits for it.
  useLayoutEffect(() => {
    if (status !== 'checking') return;
    let active = true;
    const check = refreshQuietly();
    holdRequestsUntil(check);
    void check.then(() => {
      if (active) setStatus('ready');
    });
    return () => {
      active = false;
    };
  }, [status]);

  useEffect(() => {
    const interval = window.setInterval(() => void refreshQuietly(), AUTH.refreshCheckIntervalMs);
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void refreshQuietly();
    };
    const onOnline = (): void => void refreshQuietly();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return <AuthStatusContext.Provider value={status}>{children}</AuthStatusContext.Provider>;
}
