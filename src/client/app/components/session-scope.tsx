import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useSession } from '../../features/auth/hooks/use-session';
import { healthKeys } from '../../features/dashboard/api/health-keys';
import { ServerWatchScope } from '../../features/dashboard/components/server-watch-scope';
import { WardActivityProvider } from '../../features/guardians/components/ward-activity-provider';
import { NotificationsProvider } from '../../features/notifications/components/notifications-provider';
import { useTimeZoneSync } from '../../features/profile/hooks/use-time-zone-sync';
import { UnsentAlertProvider } from '../../features/sos/components/unsent-alert-provider';
import { RealtimeScope } from '../realtime/realtime-scope';
import { LocationSharingScope } from './location-sharing-scope';
import { PushSignOutScope } from './push-sign-out-scope';
import { OutboxRunner } from './outbox-runner';
import { lazyAfterFirstPaint } from '../../lib/first-paint';

// The journey heartbeat and the Sound setting's sync load right after the first screen (not in the first download).
const JourneyBackground = lazyAfterFirstPaint(
  'standby',
  async () => (await import('./journey-background')).JourneyBackground,
);

/**
 * Ties per-person state to the signed-in person: their notification list, and a server cache that is emptied
 * when they sign out or another person signs in, so nothing of theirs lingers on a shared device.
 */
export function SessionScope({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? null;
  const previousUserId = useRef(userId);
  useTimeZoneSync(userId);

  useEffect(() => {
    if (previousUserId.current === userId) return;
    previousUserId.current = userId;
    // The health check is not personal; keeping it avoids a loading flash on sign-out.
    // Reset, not remove: the new person's screen may already have started its queries in the render that signed
    // them in; removing a query under its observer cancels its request and leaves the screen loading forever.
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== healthKeys.all[0] });
  }, [userId, queryClient]);

  return (
    <NotificationsProvider userId={userId}>
      <WardActivityProvider userId={userId}>
        {/* Realtime events, this device's live location and Web Push follow the signed-in person. */}
        <RealtimeScope userId={userId}>
          {/* Notices a server gone after the page loaded (the socket's state, a failed SOS send). */}
          <ServerWatchScope>
            <UnsentAlertProvider userId={userId}>
              {/* Alerts and positions queued while offline go out when the server can be reached, whichever screen is open. */}
              <OutboxRunner userId={userId} />
              <LocationSharingScope userId={userId} />
              <PushSignOutScope userId={userId} />
              {userId ? (
                <Suspense fallback={null}>
                  <JourneyBackground userId={userId} />
                </Suspense>
              ) : null}
              {children}
            </UnsentAlertProvider>
          </ServerWatchScope>
        </RealtimeScope>
      </WardActivityProvider>
    </NotificationsProvider>
  );
}
