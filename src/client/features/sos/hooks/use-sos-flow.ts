import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SOS } from '#shared/constants';
import type { AlertTriggerType, CreateAlertRequest } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { ALERT_OUTCOME_TEXTS, OFFLINE_SMS_TEXTS, SOS_TEXTS } from '#shared/ui-texts';
import { ApiError } from '../../../lib/api-client';
import { useDevice } from '../../../lib/device/device-context';
import { buildSmsUrl } from '../../../lib/device/sms-composer';
import { readOfflineEmergencyData } from '../../../lib/offline-emergency-data';
import { queueAlert } from '../api/alert-outbox';
import { createAlert, isRetryableAlertError, type SessionRenewer } from '../api/create-alert';
import { unsentRecipients, type AlertOutcome } from '../utils/alert-outcome';
import { getAlertLocation } from '../utils/get-alert-location';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { offlineSmsBody, openSmsComposer } from '../utils/offline-sms';
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
};

function bodyFor(request: CreateAlertRequest, fullName: string | null, raisedAt: Date): string {
  return offlineSmsBody({
    fullName,
    triggerType: request.triggerType,
    message: request.message,
    location: request.location,
    raisedAt,
  });
}

export type SosPhase = 'idle' | 'countdown' | 'sending';

export type SosFlow = {
  phase: SosPhase;
  soundEnabled: boolean;
  /** The `sms:` link of the last messaging-app fallback, offered again in the status panel. */
  composerUrl: string | null;
  dismissComposer: () => void;
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
 * becomes active in the cache, so the app shell shows the active-alert screen at once. Without a connection, or when the
 * server fails, it opens the messaging app with the stored contacts AND queues the alert in the device outbox,
 * which sends it, with the same key, when the connection returns.
 * See docs/PRODUCT.md#sos-and-alerts.
 */
export function useSosFlow(options: SosFlowOptions): SosFlow {
  const { userId, contactCount, soundEnabled } = options;
  const { geolocation, network, sms } = useDevice();
  const [phase, setPhase] = useState<SosPhase>('idle');
  const [composerUrl, setComposerUrl] = useState<string | null>(null);
  const [pendingQuickMessage, setPendingQuickMessage] = useState<string | null>(null);
  const sosKey = useRef<string | null>(null);
  const report = useReportAlert(userId, options.onOutcome);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  /** Blocks an SOS only when the person certainly has no contacts. */
  const hasContacts = useCallback((): boolean => {
    if (contactCount !== 0) return true;
    toast.error(ERRORS.sosNeedsContacts);
    latest.current.onNeedsContacts?.();
    return false;
  }, [contactCount]);

  const fallBack = useCallback(
    (request: CreateAlertRequest, idempotencyKey: string, raisedAt: Date, afterFailedSend: boolean): void => {
      // Queued with when it was raised, not now: a send that hung before failing must not make the SOS look newer.
      // The replay tells the server how long ago that was, so the texts say when (see replayRequest).
      if (userId) {
        queueAlert({ idempotencyKey, userId, request, raisedAt, afterFailedSend }).catch((error: unknown) => {
          // No IndexedDB (storage disabled): the messaging app below is all that is left.
          console.warn('Could not queue the alert', error);
        });
      }
      const stored = userId ? readOfflineEmergencyData(userId) : null;
      const result = openSmsComposer({
        composer: sms,
        online: network.isOnline(),
        phoneNumbers: stored?.contacts.map((contact) => contact.phone) ?? [],
        body: bodyFor(request, latest.current.fullName ?? stored?.fullName ?? null, raisedAt),
      });
      if (result.kind === 'opened') {
        toast.error(OFFLINE_SMS_TEXTS.onlineFailedTitle, {
          description: OFFLINE_SMS_TEXTS.onlineFailedDescription,
        });
      } else {
        toast.error(OFFLINE_SMS_TEXTS.onlineFailedTitle);
        toast.error(result.title, { description: result.description });
      }
      setComposerUrl(result.url);
      latest.current.onOutcome?.({ kind: 'queued' });
    },
    [userId, sms, network],
  );

  const deliver = useCallback(
    async (triggerType: AlertTriggerType, message: string | null, idempotencyKey: string): Promise<void> => {
      // The moment the countdown fired (or the quick message was confirmed): what the texts call "Time".
      const raisedAt = new Date();
      setPhase('sending');
      setComposerUrl(null);
      try {
        const location = await getAlertLocation(geolocation, SOS.locationTimeoutMs);
        const request: CreateAlertRequest = {
          triggerType,
          ...(message ? { message } : {}),
          ...(location ? { location } : {}),
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
          report(detail, false);
          // Not everyone was texted: offer the messaging app for those numbers (not opened unasked).
          const unsent = unsentRecipients(detail);
          if (unsent.length > 0) {
            setComposerUrl(buildSmsUrl(unsent, bodyFor(request, latest.current.fullName, raisedAt)));
          }
        } catch (error) {
          if (isRetryableAlertError(error)) {
            fallBack(request, idempotencyKey, raisedAt, true);
            return;
          }
          if (error instanceof ApiError && error.code === 'no_emergency_contacts') {
            toast.error(ERRORS.sosNeedsContacts);
            latest.current.onNeedsContacts?.();
          } else {
            toast.error(ALERT_OUTCOME_TEXTS.errorTitle, {
              description: ALERT_OUTCOME_TEXTS.errorDescription,
            });
          }
          latest.current.onOutcome?.({
            kind: 'error',
            message: error instanceof ApiError ? error.message : ALERT_OUTCOME_TEXTS.errorDescription,
          });
        }
      } finally {
        setPhase('idle');
      }
    },
    [geolocation, network, fallBack, report],
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
    void deliver('manual', null, key);
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
    composerUrl,
    dismissComposer: useCallback(() => setComposerUrl(null), []),
    requestSos,
    cancelSos,
    confirmSos,
    pendingQuickMessage,
    requestQuickMessage,
    cancelQuickMessage,
    confirmQuickMessage,
  };
}
