import { CHECK_IN } from '#shared/constants';
import { useNow } from '../../../lib/use-now';
import { minutesRemaining } from '../utils/check-in-time';

/** Minutes left until `nextDueAt`, re-counted every CHECK_IN.tickMs; null without a due time. */
export function useMinutesRemaining(nextDueAt: string | null): number | null {
  // The tick only re-renders; the count uses the render's own time, so a due time just moved by Check-in Now
  // counts from now rather than from the last tick (which could show a minute too many).
  useNow(CHECK_IN.tickMs);
  if (nextDueAt === null) return null;
  return minutesRemaining(nextDueAt, Date.now());
}
