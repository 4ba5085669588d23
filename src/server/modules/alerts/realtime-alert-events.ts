import type { RealtimePublisher } from '../../realtime/publisher';
import type { AlertEvents } from './alert-events';

/**
 * The alert pipeline's events, as realtime events about the person who raised the alert: they and their active
 * guardians see the alert (`alert.created`), its end (`alert.resolved`) and each text's progress (`alert.delivery_updated`). `publish`
 * never rejects, so these never throw into the delivery worker.
 */
export function realtimeAlertEvents(publisher: RealtimePublisher): AlertEvents {
  return {
    alertRaised({ userId, alert }) {
      void publisher.publish({ type: 'alert.created', userId, payload: alert.alert });
    },
    alertResolved({ userId, alert }) {
      void publisher.publish({ type: 'alert.resolved', userId, payload: alert.alert });
    },
    deliveryChanged({ userId, alertId, delivery }) {
      void publisher.publish({
        type: 'alert.delivery_updated',
        userId,
        payload: { alert_id: alertId, delivery },
      });
    },
    alertProgress({ userId, progress }) {
      void publisher.publish({ type: 'alert.progress', userId, payload: progress });
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
  };
}
