import { Phone } from 'lucide-react';
import { useId } from 'react';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import { DELIVERY_TEXTS, WHO_WAS_TEXTED_TEXTS } from '#shared/who-was-texted-texts';
import type { AlertDelivery, AlertDeliveryStatus } from '#shared/schemas/alert';
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

/** Where a text stands for the person: it went out, it is still being sent, or it will not go out from Beacon. */
type TextOutcome = 'texted' | 'in_progress' | 'not_texted';

function outcomeOf(delivery: AlertDelivery): TextOutcome {
  if (delivery.held_reason) return 'not_texted';
  if (delivery.status === 'sent') return 'texted';
  if (delivery.status === 'pending' || delivery.status === 'sending') return 'in_progress';
  // failed, kept in a dev outbox (never sent), cancelled ("I'm safe" came first)
  return 'not_texted';
}

/**
 * Each contact's alert text and where it stands, live: the one way the person sees who got their alert. Under "Who
 * was texted" only the texts that went out; the others apart, with what happened to them (still being sent; or
 * failed, held back, kept in a dev outbox, cancelled), so nobody is counted as told who was not.
 */
export function DeliveryList({ deliveries }: { deliveries: readonly AlertDelivery[] }) {
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert' && delivery.channel !== 'push');
  if (texts.length === 0)
    return <p className="text-sm text-muted-foreground">{ACTIVE_ALERT_TEXTS.noContacts}</p>;
  const of = (outcome: TextOutcome) => texts.filter((delivery) => outcomeOf(delivery) === outcome);
  const [texted, inProgress, notTexted] = [of('texted'), of('in_progress'), of('not_texted')];
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      {texted.length > 0 ? (
        <DeliveryRows deliveries={texted} outcome="texted" />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="nobody-texted">
          {inProgress.length > 0 ? WHO_WAS_TEXTED_TEXTS.nobodyYet : WHO_WAS_TEXTED_TEXTS.nobody}
        </p>
      )}
      <DeliveryGroup
        title={WHO_WAS_TEXTED_TEXTS.inProgressTitle}
        hint={WHO_WAS_TEXTED_TEXTS.inProgressHint}
        deliveries={inProgress}
        outcome="in_progress"
      />
      <DeliveryGroup
        title={WHO_WAS_TEXTED_TEXTS.notTextedTitle}
        hint={WHO_WAS_TEXTED_TEXTS.notTextedHint}
        deliveries={notTexted}
        outcome="not_texted"
      />
    </div>
  );
}

function DeliveryGroup({
  title,
  hint,
  deliveries,
  outcome,
}: {
  title: string;
  hint: string;
  deliveries: AlertDelivery[];
  outcome: TextOutcome;
}) {
  const titleId = useId();
  if (deliveries.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <div className="flex flex-col gap-0.5">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <DeliveryRows deliveries={deliveries} outcome={outcome} />
    </section>
  );
}

function DeliveryRows({ deliveries, outcome }: { deliveries: AlertDelivery[]; outcome: TextOutcome }) {
  return (
    <ul className="flex flex-col gap-2" data-outcome={outcome}>
      {deliveries.map((delivery) => (
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
