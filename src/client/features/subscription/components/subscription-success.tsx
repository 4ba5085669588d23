import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { SUBSCRIPTION_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { authPath, paths } from '../../../lib/paths';

/**
 * /subscription-success: the premium welcome with a way back to the dashboard, for a signed-in person. A visitor
 * who is not signed in has no subscription, so they are told that nothing needs buying and how to sign in.
 */
export function SubscriptionSuccess({ signedIn }: { signedIn: boolean }) {
  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-warning-soft text-warning">
          <Crown className="size-8" aria-hidden />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {signedIn ? SUBSCRIPTION_TEXTS.successTitle : SUBSCRIPTION_TEXTS.signedOutTitle}
        </CardTitle>
        <CardDescription>
          {signedIn ? SUBSCRIPTION_TEXTS.successMessage : SUBSCRIPTION_TEXTS.signedOutMessage}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {signedIn ? (
          <Button asChild size="lg">
            <Link to={paths.home}>{SUBSCRIPTION_TEXTS.goToDashboard}</Link>
          </Button>
        ) : (
          <>
            <Button asChild size="lg">
              <Link to={authPath('login')}>{SUBSCRIPTION_TEXTS.signIn}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={authPath('signup')}>{SUBSCRIPTION_TEXTS.createAccount}</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
