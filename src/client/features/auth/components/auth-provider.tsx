import { useEffect, useState, type ReactNode } from 'react';
import { AUTH } from '#shared/constants';
import { getSession } from '../../../lib/session-store';
import { needsRefresh, refreshSessionIfNeeded } from '../api/refresh-session';
import { AuthStatusContext, type AuthStatus } from '../hooks/auth-status-context';

function refreshQuietly(): Promise<unknown> {
  // Failures are handled inside (sign-out on rejection, keep on network errors); nothing to show here.
  return refreshSessionIfNeeded().catch(() => null);
}

/**
 * Reads the stored session on load, refreshes it first when it is stale, and keeps it fresh: every
 * `AUTH.refreshCheckIntervalMs`, when the tab becomes visible again (timers sleep in background tabs) and when
 * the network comes back.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() => (needsRefresh(getSession()) ? 'checking' : 'ready'));

  useEffect(() => {
    if (status !== 'checking') return;
    let active = true;
    void refreshQuietly().then(() => {
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
