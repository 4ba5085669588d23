import type { QueryClient } from '@tanstack/react-query';
import type { AlertState } from '#shared/alert-life';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress, AlertResponse } from '#shared/schemas/alert-life';
import { alertKeys } from './alert-keys';

/** How far along an alert is: a step never moves it back (an older event replayed after a newer read). */
const RANK: Record<AlertState, number> = { raised: 0, escalating: 1, acknowledged: 2, resolved: 3 };

const latestAnswer = (responses: readonly AlertResponse[]): number =>
  Math.max(-1, ...responses.map((response) => Date.parse(response.responded_at)));

/**
 * The alert with a step of its life applied (`alert.progress`): the entry added to the timeline once, in its
 * place; the responses and the state as the event has them, unless the detail already holds a later picture.
 */
export function withProgress(detail: AlertDetail, progress: AlertProgress): AlertDetail {
  if (detail.alert.id !== progress.alert_id || detail.alert.status === 'resolved') return detail;
  if (detail.timeline.some((entry) => entry.id === progress.entry.id)) return detail;
  const timeline = [...detail.timeline, progress.entry].sort((a, b) => Number(a.id) - Number(b.id));
  const responses =
    latestAnswer(progress.responses) >= latestAnswer(detail.responses)
      ? progress.responses
      : detail.responses;
  const state = RANK[progress.state] > RANK[detail.alert.state] ? progress.state : detail.alert.state;
  const acknowledgedAt =
    detail.alert.acknowledged_at ?? (progress.state === 'acknowledged' ? progress.entry.at : null);
  return {
    ...detail,
    alert: { ...detail.alert, state, acknowledged_at: acknowledgedAt },
    responses,
    timeline,
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
