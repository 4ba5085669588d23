import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { SUBSCRIPTION_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';

/** /subscription-success: the premium welcome with a way back to the dashboard. */
export function SubscriptionSuccess() {
  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-warning-soft text-warning">
          <Crown className="size-8" aria-hidden />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {SUBSCRIPTION_TEXTS.successTitle}
        </CardTitle>
        <CardDescription>{SUBSCRIPTION_TEXTS.successMessage}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col">
        <Button asChild size="lg">
          <Link to={paths.home}>{SUBSCRIPTION_TEXTS.goToDashboard}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
