import { SubscriptionSuccess } from '../../features/subscription/components/subscription-success';
import { CenteredPage } from '../components/centered-page';

/** /subscription-success's screen, loaded on demand by routes/subscription-success-route.tsx. */
export function SubscriptionSuccessPage({ signedIn }: { signedIn: boolean }) {
  return (
    <CenteredPage>
      <SubscriptionSuccess signedIn={signedIn} />
    </CenteredPage>
  );
}
