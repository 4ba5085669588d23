import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import type { AlertDelivery, AlertDeliveryStatus } from '#shared/schemas/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

const TONES: Record<AlertDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  kept_in_dev_outbox: 'warning',
  cancelled: 'neutral',
};

/**
 * Each emergency contact's alert text and where it stands (pending → sending → sent | failed | kept_in_dev_outbox,
 * or cancelled). The all-clear follow-ups after "I'm safe" are not listed here.
 */
export function DeliveryStatuses({
  deliveries: all,
  onDanger = false,
}: {
  deliveries: AlertDelivery[];
  /** Drawn on the red banner: light text and solid badges. */
  onDanger?: boolean;
}) {
  const deliveries = all.filter((delivery) => delivery.purpose === 'alert');
  if (deliveries.length === 0) {
    return (
      <p className={cn('text-sm', onDanger ? 'text-white/90' : 'text-muted-foreground')}>
        {GUARDIAN_VIEW_TEXTS.noDeliveries}
      </p>
    );
  }
  return (
    <ul aria-label={GUARDIAN_VIEW_TEXTS.deliveriesTitle} className="flex flex-col gap-1">
      {deliveries.map((delivery) => {
        const status = GUARDIAN_VIEW_TEXTS.deliveryStatus[delivery.status];
        const who = delivery.recipient_name || delivery.recipient;
        return (
          <li
            key={delivery.id}
            aria-label={`${who}: ${status}`}
            className="flex items-center justify-between gap-2 text-sm"
          >
            <span className="truncate">{who}</span>
            {onDanger ? (
              // On the red banner every status is a white pill: legible in both themes.
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-red-800">
                {status}
              </span>
            ) : (
              <Badge tone={TONES[delivery.status]}>{status}</Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}
