import type { QueryClient } from '@tanstack/react-query';
import { LOCATION_LIMITS } from '#shared/constants';
import type { Ward } from '#shared/schemas/guardian';
import type { Alert, AlertAcknowledgement, AlertDelivery } from '#shared/schemas/alert';
import type { Location, RoutePoint } from '#shared/schemas/location';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { RealtimePayload } from '#shared/schemas/realtime';
import {
  withAlertProgress,
  withAlertRaised,
  withAlertResolved,
  withAlertSeen,
  withDeliveryUpdated,
  withMyResponse,
  withoutWard,
  type WardAlertRecord,
} from '../utils/ward-alerts';
import { wardKeys, guardianKeys } from './guardian-keys';

const time = (iso: string): number => Date.parse(iso);

/**
 * A ward moved (`location.updated`): their card's position and route change without a reload. Older readings
 * (a queue flushed after being offline) never replace a newer position; the route stays ordered and capped.
 */
export function applyWardLocation(queryClient: QueryClient, viewerId: string, location: Location): void {
  queryClient.setQueryData<Ward[]>(wardKeys.list(viewerId), (wards) =>
    wards?.map((ward) => {
      if (ward.ward_id !== location.user_id) return ward;
      if (ward.location && time(ward.location.recorded_at) > time(location.recorded_at)) return ward;
      return { ...ward, location, location_sharing_enabled: true };
    }),
  );
  queryClient.setQueryData<RoutePoint[]>(wardKeys.route(viewerId, location.user_id), (route) => {
    if (!route) return route;
    const point: RoutePoint = {
      latitude: location.latitude,
      longitude: location.longitude,
      accuracy: location.accuracy,
      recorded_at: location.recorded_at,
    };
    if (route.some((existing) => existing.recorded_at === point.recorded_at)) return route;
    return [...route, point]
      .sort((a, b) => time(a.recorded_at) - time(b.recorded_at))
      .slice(-LOCATION_LIMITS.routePoints);
  });
}

/** A relationship changed (requested, approved, rejected, ended): reload everything that depends on it. */
export function invalidateGuardianData(queryClient: QueryClient, viewerId: string): void {
  for (const queryKey of [
    guardianKeys.relationships(viewerId),
    guardianKeys.inviteCodes(viewerId),
    // The wards' list, routes and alerts.
    wardKeys.all(viewerId),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** `alert.created` about a ward: the alert joins the ward-alerts query. True when this device had not seen it. */
export function applyWardAlertRaised(
  queryClient: QueryClient,
  viewerId: string,
  wardId: string,
  alert: Alert,
): boolean {
  const key = wardKeys.alerts(viewerId);
  const known = queryClient
    .getQueryData<WardAlertRecord[]>(key)
    ?.some((entry) => entry.alert.id === alert.id);
  queryClient.setQueryData<WardAlertRecord[]>(key, (alerts = []) => withAlertRaised(alerts, wardId, alert));
  return !known;
}

/** `alert.resolved` about a ward: they said "I'm safe", and the alert shows as ended. */
export function applyWardAlertResolved(
  queryClient: QueryClient,
  viewerId: string,
  wardId: string,
  alert: Alert,
): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts = []) =>
    withAlertResolved(alerts, wardId, alert),
  );
}

/** The guardian said "Seen" (on this device, or another: `alert.seen`). */
export function applyWardAlertSeen(
  queryClient: QueryClient,
  viewerId: string,
  seen: AlertAcknowledgement,
): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts) =>
    alerts ? withAlertSeen(alerts, seen.alert_id, seen.seen_at) : alerts,
  );
}

/**
 * `alert.answered`: this guardian answered a ward's alert on another device (or from a push), so this one says
 * "You answered" too, with who else is coming as the answer left it.
 */
export function applyMyWardAlertAnswer(
  queryClient: QueryClient,
  viewerId: string,
  answer: RealtimePayload<'alert.answered'>,
): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts) =>
    alerts ? withMyResponse(alerts, answer) : alerts,
  );
}

/** `alert.delivery_updated` about a ward: the text's later status replaces the earlier one in the query. */
export function applyWardDelivery(
  queryClient: QueryClient,
  viewerId: string,
  wardId: string,
  alertId: string,
  delivery: AlertDelivery,
): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts) =>
    alerts ? withDeliveryUpdated(alerts, wardId, alertId, delivery) : alerts,
  );
}

/** The link with a ward ended: their alerts leave the cache at once, before the reload. */
export function forgetWardAlerts(queryClient: QueryClient, viewerId: string, wardId: string): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts) =>
    alerts ? withoutWard(alerts, wardId) : alerts,
  );
}

/** `alert.progress` about a ward: someone answered (or it escalated); every guardian sees who is coming. */
export function applyWardAlertProgress(
  queryClient: QueryClient,
  viewerId: string,
  progress: AlertProgress,
): void {
  queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(viewerId), (alerts) =>
    alerts ? withAlertProgress(alerts, progress) : alerts,
  );
}
