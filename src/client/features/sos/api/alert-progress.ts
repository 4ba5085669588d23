import type { QueryClient } from '@tanstack/react-query';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress } from '#shared/schemas/alert-life';
import { alertKeys } from './alert-keys';

/**
 * The alert with a step of its life applied (`alert.progress`): the state and the responses as they now stand,
 * the entry added to the timeline once. An event older than what the detail already shows changes nothing.
 */
export function withProgress(detail: AlertDetail, progress: AlertProgress): AlertDetail {
  if (detail.alert.id !== progress.alert_id || detail.alert.status === 'resolved') return detail;
  if (detail.timeline.some((entry) => entry.id === progress.entry.id)) return detail;
  const newest = detail.timeline.at(-1);
  if (newest && Date.parse(newest.at) > Date.parse(progress.entry.at)) return detail;
  const acknowledgedAt =
    detail.alert.acknowledged_at ?? (progress.state === 'acknowledged' ? progress.entry.at : null);
  return {
    ...detail,
    alert: { ...detail.alert, state: progress.state, acknowledged_at: acknowledgedAt },
    responses: progress.responses,
    timeline: [...detail.timeline, progress.entry],
  };
}

/** The person's own alert moved on: the active-alert screen (and a cached detail) show it without a reload. */
export function applyOwnAlertProgress(
  queryClient: QueryClient,
  userId: string,
  progress: AlertProgress,
): void {
  queryClient.setQueryData<AlertDetail[]>(alertKeys.active(userId), (alerts) =>
    alerts?.map((detail) => withProgress(detail, progress)),
  );
  queryClient.setQueryData<AlertDetail>(alertKeys.detail(progress.alert_id), (detail) =>
    detail ? withProgress(detail, progress) : detail,
  );
}
