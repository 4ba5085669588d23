import { DELAYED_ALERT } from '#shared/constants';
import type { CreateAlertRequest } from '#shared/schemas/alert';

/**
 * The request a queued alert is sent with: as raised, plus how long ago that was. Both times come from this
 * phone's clock, so the difference is right even when the clock is not; a clock turned back counts as now.
 */
export function replayRequest(
  request: CreateAlertRequest,
  raisedAtMs: number,
  nowMs: number,
): CreateAlertRequest {
  const elapsed = Math.floor((nowMs - raisedAtMs) / 1000);
  const raisedSecondsAgo = Number.isFinite(elapsed)
    ? Math.min(Math.max(elapsed, 0), DELAYED_ALERT.maxRaisedSecondsAgo)
    : 0;
  return { ...request, raisedSecondsAgo };
}
