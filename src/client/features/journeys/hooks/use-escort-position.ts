import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ESCORT, LIVE_TRACKING } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import type { EscortSession } from '#shared/schemas/journey';
import { useDevice } from '../../../lib/device/device-context';
import type { PositionFix, PositionReading } from '../../../lib/device/geolocation';
import { appendEscortRoute } from '../api/escort-sessions';
import { journeyKeys } from '../api/journey-keys';
import { gpsErrorCause } from '../utils/gps-error-cause';

/** The newest GPS fix the escort screens show; `at` is when the device took it (epoch ms). */
export type EscortFix = {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
  at: number;
};

export type EscortPosition = {
  /** Null until the first fix: the screens then say the location is unknown, never a made-up place. */
  fix: EscortFix | null;
  /** False after a failed fix (the GPS Error toast said why) until the next one succeeds. */
  tracking: boolean;
  /** The last failure's cause, while there is no fix to show. */
  error: string | null;
  /** Asks for a fix now (the refresh button). */
  refresh: () => void;
};

const GPS_ERROR_TOAST_ID = 'escort-gps-error';

/**
 * Asks the GPS for a fix every ESCORT.positionIntervalMs while the screen is open (timeout, max age and high
 * accuracy from ESCORT), and while `session` is active adds each fix to its route on the server
 * (POST /api/escort-sessions/:id/route), whose answer replaces the cached session. A failed fix during an escort
 * shows the GPS Error toast and turns tracking off until a fix succeeds again.
 */
export function useEscortPosition({
  userId,
  session,
  tracked = null,
}: {
  userId: string;
  session: EscortSession | null;
  /**
   * The newest reading of the app's one tracker (features/tracking, handed in by app/). A fix the GPS does not give
   * in time falls back to it while it is younger than LIVE_TRACKING.maximumAgeMs: browsers may hold a fresh
   * request back while the tracker's watch runs, and a known position is better than none.
   */
  tracked?: PositionReading | null;
}): EscortPosition {
  const { geolocation } = useDevice();
  const queryClient = useQueryClient();
  const [fix, setFix] = useState<EscortFix | null>(null);
  const [tracking, setTracking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const activeId = session?.status === 'active' ? session.id : null;
  // The interval's callback reads the current session without restarting the timer on every route update.
  const activeIdRef = useRef(activeId);
  useEffect(() => {
    activeIdRef.current = activeId;
  }, [activeId]);

  const sendPoint = useCallback(
    async (sessionId: string, point: EscortFix): Promise<void> => {
      try {
        const updated = await appendEscortRoute(sessionId, {
          points: [
            {
              latitude: point.latitude,
              longitude: point.longitude,
              accuracy: point.accuracy,
              timestamp: Math.round(point.at),
            },
          ],
        });
        queryClient.setQueryData(
          journeyKeys.activeEscort(userId),
          updated.status === 'completed' ? null : updated,
        );
      } catch {
        // Ended elsewhere, or offline for a moment: the next fix tries again; the server's view is reloaded.
        void queryClient.invalidateQueries({ queryKey: journeyKeys.activeEscort(userId) });
      }
    },
    [queryClient, userId],
  );

  const trackedRef = useRef(tracked);
  useEffect(() => {
    trackedRef.current = tracked;
  }, [tracked]);

  const readFix = useCallback(() => {
    const accept = (position: PositionFix): void => {
      const next: EscortFix = {
        latitude: position.latitude,
        longitude: position.longitude,
        accuracy: Number.isFinite(position.accuracy) ? position.accuracy : null,
        speed: position.speed ?? null,
        heading: position.heading ?? null,
        at: position.timestamp ?? Date.now(),
      };
      setFix(next);
      setTracking(true);
      setError(null);
      const sessionId = activeIdRef.current;
      if (sessionId) void sendPoint(sessionId, next);
    };
    geolocation
      .getCurrentPosition({
        timeoutMs: ESCORT.positionTimeoutMs,
        maximumAgeMs: ESCORT.positionMaxAgeMs,
        highAccuracy: true,
      })
      .then(accept)
      .catch((failure: unknown) => {
        const recent = trackedRef.current;
        if (recent && Date.now() - recent.timestamp <= LIVE_TRACKING.maximumAgeMs) {
          accept(recent);
          return;
        }
        const cause = gpsErrorCause(failure);
        setTracking(false);
        setError(cause);
        if (activeIdRef.current) {
          toast.error(ESCORT_TEXTS.gpsErrorTitle, {
            id: GPS_ERROR_TOAST_ID,
            description: ESCORT_TEXTS.gpsError(cause),
          });
        }
      });
  }, [geolocation, sendPoint]);

  useEffect(() => {
    readFix();
    const timer = window.setInterval(readFix, ESCORT.positionIntervalMs);
    return () => window.clearInterval(timer);
    // A new session starts its route at once, with a fresh fix.
  }, [readFix, activeId]);

  return { fix, tracking, error, refresh: readFix };
}
