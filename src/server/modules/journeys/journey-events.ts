import type { RealtimePublisher } from '../../realtime/publisher';
import { toCheckIn, type CheckInRow } from './checkin-repository';
import { toEscortSession, type EscortRow } from './escort-repository';

/** Every change to an escort or a check-in, told to the person and their active guardians (full row). */
export type JourneyEvents = {
  escortChanged(row: EscortRow): void;
  checkInChanged(row: CheckInRow): void;
};

export function journeyEvents(publisher: RealtimePublisher): JourneyEvents {
  return {
    escortChanged(row) {
      void publisher.publish({ type: 'escort.updated', userId: row.user_id, payload: toEscortSession(row) });
    },
    checkInChanged(row) {
      void publisher.publish({ type: 'checkin.updated', userId: row.user_id, payload: toCheckIn(row) });
    },
  };
}
