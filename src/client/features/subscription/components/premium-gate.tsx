import { Check, Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUBSCRIPTION_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useSubscription } from '../hooks/use-subscription';

type PremiumGateProps = {
  children: ReactNode;
  /** Overrides the subscription state (for previews and tests). */
  isPremium?: boolean;
};

/** Shows `children` to premium members, the upgrade card to everyone else (docs/PRODUCT.md#subscription). */
export function PremiumGate({ children, isPremium }: PremiumGateProps) {
  const subscription = useSubscription();
  if (isPremium ?? subscription.isPremium) return children;
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
          <Crown className="size-6" aria-hidden />
        </span>
        <CardTitle>{SUBSCRIPTION_TEXTS.premiumFeature}</CardTitle>
        <CardDescription>{SUBSCRIPTION_TEXTS.premiumDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex flex-col gap-2">
          {SUBSCRIPTION_TEXTS.benefits.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2 text-sm">
              <Check className="size-4 text-success" aria-hidden />
              {benefit}
            </li>
          ))}
        </ul>
        <Button onClick={subscription.subscribe}>
          <Crown aria-hidden />
          {SUBSCRIPTION_TEXTS.upgrade}
        </Button>
      </CardContent>
    </Card>
  );
}
