import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { refreshAfterRejection } from '../../features/auth/api/refresh-session';
import { useContacts, type ContactsView } from '../../features/contacts/api/get-contacts';
import { useServerWatch } from '../../features/dashboard/hooks/server-watch-context';
import { useAddNotification } from '../../features/notifications/hooks/notifications-context';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { useSosFlow, type SosFlow, type SosFlowOptions } from '../../features/sos/hooks/use-sos-flow';
import type { AlertOutcome } from '../../features/sos/utils/alert-outcome';
import { useDevice } from '../../lib/device/device-context';
import { readOfflineEmergencyData, saveOfflineProfile } from '../../lib/offline-emergency-data';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { useFlushOutbox } from '../../lib/outbox/use-outbox';
import { alertOutcomeNotification } from '../utils/alert-outcome-notification';
import { useRequiredSession } from './use-required-session';

/**
 * How an alert refused with 401 renews the session before its one retry (features/sos/api/create-alert.ts). It
 * does not sign the person out when the refresh token is refused too: the alert first goes into the device
 * outbox, and the next ordinary request's 401 signs out.
 */
export function renewSessionForAlert(staleAccessToken: string): Promise<string | null> {
  return refreshAfterRejection(staleAccessToken, { signOutWhenRefused: false });
}

/** Alert outcomes become in-app notifications: the composition of the sos and notifications features. */
export function useAlertOutcomeNotifier(): (outcome: AlertOutcome) => void {
  const addNotification = useAddNotification();
  return useCallback((outcome) => void addNotification(alertOutcomeNotification(outcome)), [addNotification]);
}

export type AppSosFlow = {
  userId: string;
  flow: SosFlow;
  contacts: ContactsView;
  retryQueued: () => Promise<void>;
};

/**
 * The SOS flow as the dashboard and the SOS page (both under <RequireSession>) use it, wired to the profile (sound, name, offline copy), the
 * contacts and the notifications.
 */
/**
 * How many contacts the SOS may count on, or undefined when that is not known. A list saved on the phone is only
 * what the server said when last reached: contacts added since (on another device, say) are missing from it, so
 * an empty saved list never blocks an SOS — it goes to the server, which tells the person if they truly have none.
 */
function knownContactCount(contacts: ContactsView): number | undefined {
  const count = contacts.contacts?.length;
  return contacts.source === 'offline' && count === 0 ? undefined : count;
}

export function useAppSosFlow({
  onNeedsContacts,
  triggerType,
}: Pick<SosFlowOptions, 'onNeedsContacts' | 'triggerType'>): AppSosFlow {
  const userId = useRequiredSession().user.id;
  // The query, not useProfile(): the dashboard's settings dialog already shows the profile's load-error toast.
  const profile = useQuery(profileQueryOptions(userId)).data;
  const contacts = useContacts(userId);
  const onOutcome = useAlertOutcomeNotifier();

  useEffect(() => {
    if (!userId || !profile) return;
    saveOfflineProfile(userId, {
      fullName: profile.full_name || null,
      phone: profile.phone,
      soundEnabled: profile.sound_enabled,
    });
  }, [userId, profile]);

  const soundEnabled =
    profile?.sound_enabled ?? (userId ? readOfflineEmergencyData(userId)?.soundEnabled : null) ?? true;
  const flow = useSosFlow({
    userId,
    contactCount: knownContactCount(contacts),
    soundEnabled,
    fullName: profile?.full_name || null,
    renewSession: renewSessionForAlert,
    onOutcome,
    onNeedsContacts,
    triggerType,
    // A send that found no server says so on the dashboard's card and notice at once.
    onServerUnreachable: useServerWatch().reportUnreachable,
  });
  const retryQueued = useFlushOutbox(deviceOutbox, userId, useDevice().network);
  return { userId, flow, contacts, retryQueued };
}
