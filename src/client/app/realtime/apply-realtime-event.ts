import type { QueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../features/sos/api/alert-keys';
import { safetyNetworkKeys } from '../../features/safety-network/api/safety-network-keys';
import { applyOwnAlertProgress } from '../../features/sos/api/alert-progress';
import { toast } from '../../lib/toast';
import { NOTIFICATION_TOAST_MS } from '#shared/constants';
import { WARD_ALERT_TEXTS } from '#shared/guardian-ui-texts';
import { DRILL_VIEW_TEXTS } from '#shared/drill-texts';
import { PUSH_TEXTS } from '#shared/push-texts';
import type { Ward } from '#shared/schemas/guardian';
import { RealtimeEventSchema, type RealtimeEnvelope, type RealtimeEvent } from '#shared/schemas/realtime';
import { wardsQueryOptions } from '../../features/guardians/api/get-wards';
import {
  applyMyWardAlertAnswer,
  applyWardAlertProgress,
  applyWardAlertRaised,
  applyWardAlertResolved,
  applyWardAlertSeen,
  applyWardDelivery,
  applyWardLocation,
  forgetWardAlerts,
  invalidateGuardianData,
} from '../../features/guardians/api/ward-cache';
import type { WardActivityStore } from '../../features/guardians/stores/ward-activity-store';
import type { NewNotification } from '../../features/notifications/stores/notifications-store';
import type { RealtimeEventMeta } from '../../lib/realtime/realtime-connection';
import { wardKeys } from '../../features/guardians/api/guardian-keys';
import { journeyWarningNotice } from '../../features/guardians/utils/journey-warning';
import { journeyKeys } from '../../features/journeys/api/journey-keys';
import { protectionKeys } from '../../features/protection/api/protection-keys';
import { sharingKeys } from '../../features/sharing/api/sharing-keys';
import { shareLinkKeys } from '../../features/tracking/api/tracking-keys';
import { JOURNEY_GUARDIAN_TEXTS } from '#shared/journey-guardian-texts';
import type { JourneyWarning } from '#shared/schemas/journey';
import type { Recording } from '#shared/schemas/recording';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { recordingKeys } from '../../features/recording/api/recording-keys';
import {
  applyWardRecording,
  forgetWardRecordings,
} from '../../features/recording/stores/ward-recordings-store';
import { recordingPath } from '../../lib/paths';

/** Where realtime events land: server caches (wards' alerts included), the guardian's ward journeys and closed
 * banners, the notification list. */
export type RealtimeSinks = {
  queryClient: QueryClient;
  viewerId: string;
  wardActivity: WardActivityStore | null;
  addNotification: (notification: NewNotification) => void;
};

/**
 * An event about oneself (an alert raised or ended on another device, a delivery's progress) reloads the person's
 * own queries about it, by the same key factory the queries use: the active-alert screen opens on every device
 * with `alert.created` and closes everywhere with `alert.resolved`. True when the event was about oneself and
 * is handled.
 */
function applyOwnEvent(event: RealtimeEvent, queryClient: QueryClient): boolean {
  switch (event.type) {
    case 'alert.progress':
      // Someone answered: the active-alert screen's "who is coming" changes at once; the re-read that follows
      // replaces a read already on its way, which may have left before the answer and would hide it.
      applyOwnAlertProgress(queryClient, event.user_id, event.payload);
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      // A drill's screen shows the same answers and deliveries ("Test my safety network").
      void queryClient.invalidateQueries({ queryKey: safetyNetworkKeys.all });
      return true;
    case 'alert.created':
    case 'alert.delivery_updated':
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      void queryClient.invalidateQueries({ queryKey: safetyNetworkKeys.all });
      return true;
    case 'alert.resolved':
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      void queryClient.invalidateQueries({ queryKey: safetyNetworkKeys.all });
      // A journey whose deadline raised this alert is over too: the server no longer shows it.
      void queryClient.invalidateQueries({ queryKey: journeyKeys.activeEscort(event.user_id) });
      void queryClient.invalidateQueries({ queryKey: journeyKeys.activeCheckIn(event.user_id) });
      return true;
    case 'escort.updated': {
      // The session as the server now holds it: the countdown, route and status (expired) on every device.
      const session = event.payload;
      queryClient.setQueryData(
        journeyKeys.activeEscort(event.user_id),
        session.status === 'completed' ? null : session,
      );
      // Ended on another device: this one's recording for it stops too.
      if (session.status === 'completed') {
        void import('../../features/recording/stores/recorder').then((recorder) =>
          recorder.stopEscortRecording(session.id),
        );
      }
      return true;
    }
    case 'recording.updated':
      refreshRecording(queryClient, event.user_id, event.payload);
      return true;
    case 'checkin.updated':
      void queryClient.invalidateQueries({ queryKey: journeyKeys.activeCheckIn(event.user_id) });
      return true;
    case 'protection.updated':
      // Changed on another device: this one applies it at once (the protection host follows this query).
      queryClient.setQueryData(protectionKeys.settings(event.user_id), event.payload);
      return true;
    case 'sharing.stopped':
      // Stopped on another device: this one's link lists and "Who has looked" are read again.
      void queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      return true;
    default:
      return false;
  }
}

const nameIn = (wards: Ward[] | undefined, wardId: string): string =>
  wards?.find((ward) => ward.ward_id === wardId)?.full_name ?? '';

/** The ward's name from the cache, or loaded first (a guardian on the dashboard may not have the list yet). */
async function wardName(sinks: RealtimeSinks, wardId: string): Promise<string> {
  const cached = nameIn(sinks.queryClient.getQueryData<Ward[]>(wardKeys.list(sinks.viewerId)), wardId);
  if (cached) return cached;
  try {
    return nameIn(await sinks.queryClient.fetchQuery(wardsQueryOptions(sinks.viewerId)), wardId);
  } catch {
    return '';
  }
}

/** A ward's new alert also goes on the guardian's notification list, wherever they are in the app. */
async function notifyWardAlert(sinks: RealtimeSinks, wardId: string, drill: boolean): Promise<void> {
  const name = await wardName(sinks, wardId);
  // A drill says TEST and that nothing is wrong: it must not read like an emergency.
  sinks.addNotification(
    drill
      ? { type: 'info', title: DRILL_VIEW_TEXTS.notification(name), message: DRILL_VIEW_TEXTS.nothingWrong }
      : { type: 'error', title: WARD_ALERT_TEXTS.title(name), message: PUSH_TEXTS.alertBody(name) },
  );
}

/** A ward's journey warning also goes on the guardian's notification list: silence, or a dying battery. */
async function notifyJourneyWarning(sinks: RealtimeSinks, warning: JourneyWarning): Promise<void> {
  const name = (await wardName(sinks, warning.user_id)) || JOURNEY_GUARDIAN_TEXTS.someone;
  sinks.addNotification({ type: 'warning', ...journeyWarningNotice(warning, name) });
}

/** A recording changed: the queries that show it read it again (or forget it once deleted). */
function refreshRecording(
  queryClient: QueryClient,
  ownerId: string,
  recording: Recording & { deleted: boolean },
) {
  void queryClient.invalidateQueries({ queryKey: recordingKeys.own(ownerId) });
  if (recording.deleted) queryClient.removeQueries({ queryKey: recordingKeys.detail(recording.id) });
  else void queryClient.invalidateQueries({ queryKey: recordingKeys.detail(recording.id) });
}

/**
 * A ward's recording: kept on this device (there is no list of wards' recordings to ask for) and, when it has
 * just started, the guardian is told at once, with a way to watch it.
 */
async function applyWardRecordingEvent(
  sinks: RealtimeSinks,
  wardId: string,
  recording: Recording & { deleted: boolean },
  live: boolean,
): Promise<void> {
  refreshRecording(sinks.queryClient, wardId, recording);
  if (!applyWardRecording(sinks.viewerId, recording)) return;
  const title = RECORDING_TEXTS.wardStartedTitle(recording.owner_name || (await wardName(sinks, wardId)));
  sinks.addNotification({ type: 'warning', title, message: RECORDING_TEXTS.wardStartedMessage });
  if (live) {
    toast.warning(title, {
      description: RECORDING_TEXTS.wardStartedMessage,
      duration: NOTIFICATION_TOAST_MS,
      // The scope holding the realtime connection sits outside the router: a full navigation opens it.
      action: {
        label: RECORDING_TEXTS.watch,
        onClick: () => window.location.assign(recordingPath(recording.id)),
      },
    });
  }
}

/**
 * Applies an event as the connection received it: its payload is checked against its type's schema first, and an
 * event this client does not know (a newer server) or cannot read is skipped.
 */
export function applyRealtimeMessage(
  envelope: RealtimeEnvelope,
  meta: RealtimeEventMeta,
  sinks: RealtimeSinks,
): void {
  const parsed = RealtimeEventSchema.safeParse(envelope);
  if (parsed.success) applyRealtimeEvent(parsed.data, meta, sinks);
}

/** Applies one event. Events about oneself and about a ward (as their guardian) go to different places. */
export function applyRealtimeEvent(
  event: RealtimeEvent,
  meta: RealtimeEventMeta,
  sinks: RealtimeSinks,
): void {
  const { queryClient, viewerId, wardActivity } = sinks;
  const own = event.user_id === viewerId;
  if (own && applyOwnEvent(event, queryClient)) return;
  switch (event.type) {
    case 'location.updated':
      if (!own) applyWardLocation(queryClient, viewerId, event.payload);
      return;
    case 'alert.created':
      if (applyWardAlertRaised(queryClient, viewerId, event.user_id, event.payload)) {
        void notifyWardAlert(sinks, event.user_id, event.payload.trigger_type === 'drill');
      }
      return;
    case 'alert.resolved':
      // The ward said "I'm safe": their banner turns to "<name> is safe" (own alerts were handled above).
      if (!own) applyWardAlertResolved(queryClient, viewerId, event.user_id, event.payload);
      return;
    case 'alert.seen':
      // Only ever about oneself: this guardian said "Seen" on another of their devices.
      if (own) applyWardAlertSeen(queryClient, viewerId, event.payload);
      return;
    case 'alert.progress':
      // Who answered a ward's alert: every guardian sees it on the banner and the ward's card.
      applyWardAlertProgress(queryClient, viewerId, event.payload);
      return;
    case 'alert.answered':
      // Only ever about oneself: this guardian answered a ward's alert on another of their devices.
      if (own) applyMyWardAlertAnswer(queryClient, viewerId, event.payload);
      return;
    case 'alert.delivery_updated':
      applyWardDelivery(queryClient, viewerId, event.user_id, event.payload.alert_id, event.payload.delivery);
      return;
    case 'escort.updated':
    case 'checkin.updated':
      // A ward's journey: the guardian's view reads them all from GET /api/wards/journeys.
      void queryClient.invalidateQueries({ queryKey: journeyKeys.wards(viewerId) });
      return;
    case 'recording.updated':
      if (!own) void applyWardRecordingEvent(sinks, event.user_id, event.payload, meta.live);
      return;
    case 'journey.warning':
      // For guardians only: the person the warning is about is not told about their own silence.
      if (own) return;
      void queryClient.invalidateQueries({ queryKey: journeyKeys.wards(viewerId) });
      void notifyJourneyWarning(sinks, event.payload);
      return;
    case 'relationship.updated': {
      invalidateGuardianData(queryClient, viewerId);
      const relationship = event.payload;
      if (
        relationship.role === 'guardian' &&
        relationship.status !== 'active' &&
        relationship.status !== 'pending'
      ) {
        forgetWardAlerts(queryClient, viewerId, relationship.ward_id);
        forgetWardRecordings(viewerId, relationship.ward_id);
        wardActivity?.forgetWard(relationship.ward_id);
      }
      return;
    }
    case 'notification': {
      const { type, title, message } = event.payload;
      sinks.addNotification({ type, title, message });
      // A catch-up may replay several at once: they go to the list, only live ones also pop up.
      if (meta.live) toast[type](title, { description: message, duration: NOTIFICATION_TOAST_MS });
      return;
    }
  }
}
