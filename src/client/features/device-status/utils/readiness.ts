import { LOW_BATTERY_PERCENT } from '#shared/constants';
import type { DevicePermissionState } from '../../../lib/device/permissions';

/** This browser's notifications (Web Push) as the card needs them; 'checking' until the browser answered. */
export type NotificationsState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** One thing that keeps an SOS from doing its whole job, and so keeps the card from saying "System Ready". */
export type ReadinessGap =
  | { id: 'contacts' }
  | { id: 'location'; state: 'prompt' | 'denied' | 'unsupported' | 'no-fix' }
  | { id: 'notifications'; state: 'off' | 'denied' }
  | { id: 'battery'; percent: number }
  | { id: 'offline' };

export type ReadinessInput = {
  /** undefined while unknown (loading, or no copy on this device). */
  contactCount: number | undefined;
  gpsActive: boolean;
  /** A position request is under way. */
  gpsChecking: boolean;
  locationPermission: DevicePermissionState | null;
  notifications: NotificationsState;
  batteryPercent: number | null;
  online: boolean;
};

export type Readiness = { gaps: ReadinessGap[]; unknown: boolean };

/**
 * What is missing, in the order a person should fix it (contacts first: without them an SOS texts nobody).
 * `unknown` is true while some check has not answered yet, so the card never says "System Ready" early.
 */
export function assessReadiness(input: ReadinessInput): Readiness {
  const gaps: ReadinessGap[] = [];
  if (input.contactCount === 0) gaps.push({ id: 'contacts' });
  // A fix proves location works whatever the permission query says (some browsers cannot query it). Allowed but
  // without a fix is still a gap: the SOS text may go out without a position.
  const location = input.locationPermission;
  if (!input.gpsActive && !input.gpsChecking && location !== null)
    gaps.push({
      id: 'location',
      // `not_needed` is never said of location; counted as allowed all the same.
      state: location === 'granted' || location === 'not_needed' ? 'no-fix' : location,
    });
  if (input.notifications === 'off' || input.notifications === 'denied')
    gaps.push({ id: 'notifications', state: input.notifications });
  if (input.batteryPercent !== null && input.batteryPercent <= LOW_BATTERY_PERCENT)
    gaps.push({ id: 'battery', percent: input.batteryPercent });
  if (!input.online) gaps.push({ id: 'offline' });
  const unknown =
    input.contactCount === undefined ||
    (!input.gpsActive && (location === null || input.gpsChecking)) ||
    input.notifications === 'checking';
  return { gaps, unknown };
}
