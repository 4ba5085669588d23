import type { RealtimeAudience, RealtimePublisher } from '../../realtime/publisher';
import type { AlertEventAudience, AlertEvents } from './alert-events';

const AUDIENCES: Record<AlertEventAudience, RealtimeAudience> = {
  everyone: 'subject_and_guardians',
  owner: 'subject',
  watchers: 'guardians',
};
const to = (audience: AlertEventAudience = 'everyone'): RealtimeAudience => AUDIENCES[audience];

/**
 * The alert pipeline's events, as realtime events about the person who raised the alert: they and their active
 * guardians see the alert (`alert.created`), its end (`alert.resolved`) and each text's progress (`alert.delivery_updated`). `publish`
 * never rejects, so these never throw into the delivery worker.
 */
export function realtimeAlertEvents(publisher: RealtimePublisher): AlertEvents {
  return {
    alertRaised({ userId, alert, audience }) {
      publisher.publishOnceRead(
        alert.then((detail) => ({
          type: 'alert.created',
          userId,
          payload: detail.alert,
          audience: to(audience),
        })),
      );
    },
    alertResolved({ userId, alert, audience }) {
      void publisher.publish({
        type: 'alert.resolved',
        userId,
        payload: alert.alert,
        audience: to(audience),
      });
    },
    deliveryChanged({ userId, alertId, delivery, audience }) {
      void publisher.publish({
        type: 'alert.delivery_updated',
        userId,
        payload: { alert_id: alertId, delivery },
        audience: to(audience),
      });
    },
    alertProgress({ userId, progress, audience }) {
      void publisher.publish({ type: 'alert.progress', userId, payload: progress, audience: to(audience) });
    },
    alertSeen({ guardianId, acknowledgement }) {
      // The ward and other guardians keep their own picture.
      void publisher.publish({
        type: 'alert.seen',
        userId: guardianId,
        audience: 'subject',
        payload: acknowledgement,
      });
    },
    guardianAnswered({ guardianId, answer }) {
      // Their other devices say "You answered"; the ward and other guardians have `alert.progress`.
      void publisher.publish({
        type: 'alert.answered',
        userId: guardianId,
        audience: 'subject',
        payload: answer,
      });
    },
  };
}
