import { Crown } from 'lucide-react';
import { SUBSCRIPTION_TEXTS } from '#shared/settings-texts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useSubscription } from '../hooks/use-subscription';

/** Settings → Subscription: everything is enabled; payments are disabled (docs/PRODUCT.md#subscription). */
export function SubscriptionSection() {
  const subscription = useSubscription();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-xl border p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-warning-soft text-warning">
          <Crown className="size-5" aria-hidden />
        </span>
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <h3 className="font-semibold">{SUBSCRIPTION_TEXTS.sectionTitle}</h3>
            <Badge tone="warning">{SUBSCRIPTION_TEXTS.sectionPlan}</Badge>
          </div>
          <p className="text-sm">{SUBSCRIPTION_TEXTS.sectionMessage}</p>
          <p className="text-sm text-muted-foreground">{SUBSCRIPTION_TEXTS.paymentsDisabled}</p>
        </div>
      </div>
      <Button variant="outline" onClick={subscription.openCustomerPortal}>
        {SUBSCRIPTION_TEXTS.manage}
      </Button>
    </div>
  );
}
