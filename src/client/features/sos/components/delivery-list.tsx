import { Phone } from 'lucide-react';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import type { AlertDelivery, AlertDeliveryStatus } from '#shared/schemas/alert';
import { DELIVERY_TEXTS } from '#shared/ui-texts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PhoneNumber } from '../../../components/phone-number';

const TONES: Record<AlertDeliveryStatus, BadgeTone> = {
  sent: 'success',
  sending: 'info',
  pending: 'warning',
  failed: 'danger',
  kept_in_dev_outbox: 'warning',
  cancelled: 'neutral',
};

/** Each contact's alert text and where it stands, live: the one way the person sees who got their alert. */
export function DeliveryList({ deliveries }: { deliveries: readonly AlertDelivery[] }) {
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert' && delivery.channel !== 'push');
  if (texts.length === 0)
    return <p className="text-sm text-muted-foreground">{ACTIVE_ALERT_TEXTS.noContacts}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-live="polite">
      {texts.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} />
      ))}
    </ul>
  );
}

/**
 * A contact's row with a call link. A text a cap held back says so, and why in the server's words (its
 * `last_error`, from HELD_TEXT_REASONS); the messaging-app link lets the person text that contact themselves.
 */
function DeliveryRow({ delivery }: { delivery: AlertDelivery }) {
  const held = delivery.held_reason;
  const name = delivery.recipient_name ?? DELIVERY_TEXTS.unknownRecipient;
  return (
    <li
      className="flex items-center gap-3 rounded-xl border p-3"
      data-testid="delivery-row"
      data-status={delivery.status}
    >
      <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
        <span className="max-w-full truncate font-medium">{name}</span>
        <span className="max-w-full truncate text-sm text-muted-foreground tabular-nums">
          <PhoneNumber value={delivery.recipient} />
        </span>
        {held ? <span className="text-sm text-warning">{delivery.last_error}</span> : null}
        <Badge tone={held ? 'warning' : TONES[delivery.status]} className="mt-1">
          {held ? DELIVERY_TEXTS.heldBack : DELIVERY_TEXTS.status[delivery.status]}
        </Badge>
      </div>
      {delivery.channel === 'sms' ? (
        <Button asChild variant="outline" size="icon" aria-label={ACTIVE_ALERT_TEXTS.call(name)}>
          <a href={`tel:${delivery.recipient}`}>
            <Phone aria-hidden />
          </a>
        </Button>
      ) : null}
    </li>
  );
}
