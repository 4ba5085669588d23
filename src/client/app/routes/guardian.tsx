import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { InviteCodesCard } from '../../features/guardians/components/invite-codes-card';
import { RedeemCodeForm } from '../../features/guardians/components/redeem-code-form';
import {
  ConnectedGuardiansCard,
  PeopleIGuardCard,
  PendingRequestsCard,
} from '../../features/guardians/components/relationship-lists';
import { useProfile } from '../../features/profile/api/get-profile';
import { PushOptInCard } from '../../features/push/components/push-opt-in-card';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { ShareLinkCard } from '../../features/tracking/components/share-link-card';
import { shareLinkKeys } from '../../features/tracking/api/tracking-keys';
import { paths } from '../../lib/paths';
import { SubPage } from '../components/sub-page';
import { useRequiredSession } from '../hooks/use-required-session';

// Who has looked and Stop all sharing: loaded on demand with its texts.
const SharingCard = lazy(async () => ({
  default: (await import('../../features/sharing/components/sharing-card')).SharingCard,
}));

/**
 * /guardian, Guardian Linking: enter a code, generate codes and share links, answer requests,
 * and see who watches over the person and whom they watch over. A guardian's push notification opens here.
 * See docs/PRODUCT.md#guardians.
 */
export function GuardianRoute() {
  const userId = useRequiredSession().user.id;
  const profile = useProfile(userId);
  const queryClient = useQueryClient();
  return (
    <SubPage
      title={GUARDIAN_PAGE_TEXTS.title}
      backTo={paths.home}
      backLabel={GUARDIAN_PAGE_TEXTS.back}
      actions={<ThemeToggle />}
      description={GUARDIAN_PAGE_TEXTS.description}
    >
      {/* Linking cards first (docs/PRODUCT.md#guardians), then the guardian's side: wards, push. */}
      <RedeemCodeForm userId={userId} />
      <InviteCodesCard userId={userId} />
      <ShareLinkCard userId={userId} sharingEnabled={profile.data?.location_sharing_enabled ?? true} />
      <Suspense fallback={null}>
        <SharingCard
          userId={userId}
          onStopped={() => void queryClient.invalidateQueries({ queryKey: shareLinkKeys.all })}
        />
      </Suspense>
      <PendingRequestsCard userId={userId} />
      <ConnectedGuardiansCard userId={userId} />
      <PeopleIGuardCard userId={userId} guardianViewPath={paths.guardianView} />
      <PushOptInCard />
    </SubPage>
  );
}
