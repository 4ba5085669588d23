import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { SOS } from '#shared/constants';
import type { ClientTriggerType, CreateAlertRequest } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { ALERT_OUTCOME_TEXTS, SOS_TEXTS } from '#shared/ui-texts';
import { ApiError } from '../../../lib/api-client';
import { useDevice } from '../../../lib/device/device-context';
import { meetingForAlert } from '../../../lib/meeting-log/meeting-for-alert';
import { errorDescription, notifyError } from '../../../lib/notify-error';
import { queueAlert } from '../api/alert-outbox';
import {
  createAlert,
  isRetryableAlertError,
  meansServerUnreachable,
  type SessionRenewer,
} from '../api/create-alert';
import type { AlertOutcome } from '../utils/alert-outcome';
import { getAlertLocation } from '../utils/get-alert-location';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { alertMessagingAppOffer, openMessagingApp } from '../utils/offline-sms';
import { useUnsentAlert } from './unsent-alert-context';
import { useReportAlert } from './use-report-alert';

export type SosFlowOptions = {
  userId: string | undefined;
  /** How many contacts the person has; undefined while unknown (an SOS never waits for a list to load). */
  contactCount: number | undefined;
  /** The profile's sound_enabled; the countdown is silent when false. */
  soundEnabled: boolean;
  /** The person's name for the messaging-app text (the offline copy is used when absent). */
  fullName: string | null;
  /**
   * Renews the session when the alert is refused with 401, for its one retry. The alert never waits on a refresh
   * before it is sent (create-alert.ts).
   */
  renewSession?: SessionRenewer;
  onOutcome?: (outcome: AlertOutcome) => void;
  /** The SOS needs contacts and there are none; the host may open the add-contact dialog. */
  onNeedsContacts?: () => void;
  /** A send failed because the server is out of reach: evidence the host's server status takes at once. */
  onServerUnreachable?: () => void;
  /** What the countdown raises, read when it fires: `manual` unless AI Protection opened it. */
  triggerType?: ClientTriggerType;
};

export type SosPhase = 'idle' | 'countdown' | 'sending';

/** SOS flows with a countdown or a send under way, on whichever screen. */
let underWay = 0;

/** Whether any SOS flow has a countdown or a send under way: AI Protection then opens no countdown of its own. */
export const sosUnderWay = (): boolean => underWay > 0;

export type SosFlow = {
  phase: SosPhase;
  soundEnabled: boolean;
  requestSos: () => void;
  cancelSos: () => void;
  confirmSos: () => void;
  /** A quick message waiting for the person's confirmation, or null. */
  pendingQuickMessage: string | null;
  requestQuickMessage: (message: string) => void;
  cancelQuickMessage: () => void;
  confirmQuickMessage: () => void;
};

/**
 * One SOS from tap to outcome: contacts check → countdown → position (at most 5 s) →
 * POST /api/alerts with an Idempotency-Key made once for this SOS → toasts, and the alert the server answered
 * becomes active in the cache, so the app shell shows the active-alert screen at once. Without a connection, or when
 * the server fails, it queues the alert in the device outbox, which sends it with the same key when the server can
 * be reached, AND opens the messaging app with the contacts saved on the phone; the status panel then says, calmly,
 * that the alert is saved and offers the messaging app again. An SOS the server refuses is not queued (a retry
 * cannot change the answer): the panel says that Beacon did not send it and why, and the messaging app opens.
 * See docs/PRODUCT.md#sos-and-alerts.
 */
export function useSosFlow(options: SosFlowOptions): SosFlow {
  const { userId, contactCount, soundEnabled } = options;
  const { geolocation, network, sms } = useDevice();
  const { markUnsent, dismiss: dismissUnsent } = useUnsentAlert();
  const [phase, setPhase] = useState<SosPhase>('idle');
  const [pendingQuickMessage, setPendingQuickMessage] = useState<string | null>(null);
  const sosKey = useRef<string | null>(null);
  const report = useReportAlert(userId, options.onOutcome);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (phase === 'idle') return;
    underWay++;
    return () => void underWay--;
  }, [phase]);

  /** Blocks an SOS only when the person certainly has no contacts. */
  const hasContacts = useCallback((): boolean => {
    if (contactCount !== 0) return true;
    toast.error(ERRORS.sosNeedsContacts);
    latest.current.onNeedsContacts?.();
    return false;
  }, [contactCount]);

  /** The messaging app with the contacts saved on this phone and the alert's words (nothing when none are saved). */
  const openMessaging = useCallback(
    (request: CreateAlertRequest, raisedAt: Date): void => {
      if (!userId) return;
      const offer = alertMessagingAppOffer({
        composer: sms,
        userId,
        request,
        raisedAt,
        fullName: latest.current.fullName,
      });
      openMessagingApp(sms, offer);
    },
    [userId, sms],
  );

  const fallBack = useCallback(
    (request: CreateAlertRequest, idempotencyKey: string, raisedAt: Date, afterFailedSend: boolean): void => {
      // Queued with when it was raised, not now: a send that hung before failing must not make the SOS look newer.
      // The replay tells the server how long ago that was, so the texts say when (see replayRequest). The status
      // panel says it is saved (it reads the outbox), so no toast repeats it.
      if (userId) {
        queueAlert({ idempotencyKey, userId, request, raisedAt, afterFailedSend }).catch((error: unknown) => {
          // No IndexedDB (storage disabled): nothing will send it later, and the panel must say so.
          console.warn('Could not queue the alert', error);
          markUnsent({ request, raisedAt, reason: null });
        });
      }
      openMessaging(request, raisedAt);
      latest.current.onOutcome?.({ kind: 'queued' });
    },
    [userId, openMessaging, markUnsent],
  );

  /** Refused for good: not queued; said in the status panel with the server's reason, and the messaging app opens. */
  const refused = useCallback(
    (request: CreateAlertRequest, raisedAt: Date, error: unknown): void => {
      const reason = errorDescription(error, { fallback: ALERT_OUTCOME_TEXTS.errorDescription });
      markUnsent({ request, raisedAt, reason });
      openMessaging(request, raisedAt);
      latest.current.onOutcome?.({ kind: 'error', message: reason });
    },
    [markUnsent, openMessaging],
  );

  const deliver = useCallback(
    async (triggerType: ClientTriggerType, message: string | null, idempotencyKey: string): Promise<void> => {
      // The moment the countdown fired (or the quick message was confirmed): what the texts call "Time".
      const raisedAt = new Date();
      // The meeting under way goes with the alert (docs/PRODUCT.md#who-youre-meeting): read from local storage at
      // once, so the alert never waits on it, and kept with this SOS's key through every retry and the outbox.
      const meeting = userId ? meetingForAlert(userId, raisedAt) : null;
      // A new SOS supersedes one that was not sent: what the panel says next is about this one.
      dismissUnsent();
      setPhase('sending');
      try {
        const location = await getAlertLocation(geolocation, SOS.locationTimeoutMs);
        const request: CreateAlertRequest = {
          triggerType,
          ...(message ? { message } : {}),
          ...(location ? { location } : {}),
          ...(meeting ? { meeting } : {}),
        };
        if (!network.isOnline()) {
          fallBack(request, idempotencyKey, raisedAt, false);
          return;
        }
        try {
          // A server that hangs must not hold the SOS: past the time-out the messaging app opens instead.
          const detail = await createAlert(request, idempotencyKey, {
            renewSession: latest.current.renewSession,
            timeoutMs: SOS.sendTimeoutMs,
          });
          // Texts that did not go out are offered to the messaging app by the active-alert screen, which opens now.
          report(detail, false);
        } catch (error) {
          if (isRetryableAlertError(error)) {
            if (meansServerUnreachable(error)) latest.current.onServerUnreachable?.();
            fallBack(request, idempotencyKey, raisedAt, true);
          } else if (error instanceof ApiError && error.code === 'no_emergency_contacts') {
            // Decided by the code and said in our words, whatever the server's wording (as before the countdown).
            notifyError(error, { fallback: ERRORS.sosNeedsContacts, serverMessageFor: [] });
            latest.current.onNeedsContacts?.();
            latest.current.onOutcome?.({ kind: 'error', message: error.message });
          } else {
            refused(request, raisedAt, error);
          }
        }
      } finally {
        setPhase('idle');
      }
    },
    [userId, geolocation, network, fallBack, refused, report, dismissUnsent],
  );

  const requestSos = useCallback(() => {
    if (phase !== 'idle' || !hasContacts()) return;
    // One key per SOS: made here, kept through the countdown, reused by every retry of this SOS.
    sosKey.current = newIdempotencyKey();
    setPhase('countdown');
  }, [phase, hasContacts]);

  const cancelSos = useCallback(() => {
    sosKey.current = null;
    setPhase('idle');
    toast.info(SOS_TEXTS.cancelled, { description: SOS_TEXTS.cancelledDescription });
  }, []);

  const confirmSos = useCallback(() => {
    const key = sosKey.current ?? newIdempotencyKey();
    sosKey.current = null;
    void deliver(latest.current.triggerType ?? 'manual', null, key);
  }, [deliver]);

  const requestQuickMessage = useCallback(
    (message: string) => {
      if (phase !== 'idle' || !hasContacts()) return;
      setPendingQuickMessage(message);
    },
    [phase, hasContacts],
  );

  const cancelQuickMessage = useCallback(() => setPendingQuickMessage(null), []);

  const confirmQuickMessage = useCallback(() => {
    if (!pendingQuickMessage) return;
    setPendingQuickMessage(null);
    void deliver('manual', pendingQuickMessage, newIdempotencyKey());
  }, [pendingQuickMessage, deliver]);

  return {
    phase,
    soundEnabled,
    requestSos,
    cancelSos,
    confirmSos,
    pendingQuickMessage,
    requestQuickMessage,
    cancelQuickMessage,
    confirmQuickMessage,
  };
}
