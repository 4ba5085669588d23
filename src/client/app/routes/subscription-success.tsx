import { SubscriptionSuccess } from '../../features/subscription/components/subscription-success';
import { CenteredPage } from '../components/centered-page';

export function SubscriptionSuccessRoute() {
  return (
    <CenteredPage>
      <SubscriptionSuccess />
    </CenteredPage>
  );
}
