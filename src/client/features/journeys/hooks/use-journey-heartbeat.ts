import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JOURNEY_WATCH } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import { getActiveEscort } from '../api/escort-sessions';
import { postJourneyHeartbeat } from '../api/journey-heartbeat';
import { journeyKeys } from '../api/journey-keys';
import { activeCheckInQueryOptions } from './use-check-in';

/**
 * While the signed-in person has an active escort or check-in, tells the server every JOURNEY_WATCH.heartbeatMs
 * (and once when the journey starts) that the phone is alive, with its battery level (also without a position):
 * the server warns guardians when it goes silent (docs/PRODUCT.md#live-location-and-share-links). A failed beat
 * just waits for the next one. When the server counts no journey any more, the two journeys are read again.
 */
export function useJourneyHeartbeat(userId: string | null): void {
  const queryClient = useQueryClient();
  const { battery } = useDevice();
  const escort = useQuery({
    queryKey: journeyKeys.activeEscort(userId ?? undefined),
    queryFn: ({ signal }) => getActiveEscort(signal),
    enabled: userId !== null,
  });
  const checkIn = useQuery(activeCheckInQueryOptions(userId ?? undefined));
  const active = escort.data?.status === 'active' || checkIn.data?.status === 'active';

  useEffect(() => {
    if (!active || !userId) return;
    let running = true;
    let level: number | null = null;
    let stopBattery: (() => void) | null = null;
    const beat = (): void => {
      postJourneyHeartbeat({ battery: level })
        .then((journeys) => {
          if (running && journeys === 0) {
            void queryClient.invalidateQueries({ queryKey: journeyKeys.activeEscort(userId) });
            void queryClient.invalidateQueries({ queryKey: journeyKeys.activeCheckIn(userId) });
          }
        })
        .catch(() => undefined);
    };
    const timer = window.setInterval(beat, JOURNEY_WATCH.heartbeatMs);
    // The first beat waits for the battery level (or for learning there is none).
    void battery
      .watch((value) => {
        level = Math.round(value * 100);
      })
      .catch(() => null)
      .then((stop) => {
        if (!running) {
          stop?.();
          return;
        }
        stopBattery = stop;
        beat();
      });
    return () => {
      running = false;
      window.clearInterval(timer);
      stopBattery?.();
    };
  }, [active, userId, battery, queryClient]);
}
