import { lazy, Suspense } from 'react';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { GuardianView } from '../../features/guardians/components/guardian-view';
import { useWardJourneys } from '../../features/journeys/hooks/use-ward-journeys';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { paths } from '../../lib/paths';
import { RealtimeBadge } from '../components/realtime-badge';
import { SubPage } from '../components/sub-page';
import { useRequiredSession } from '../hooks/use-required-session';

const WardRecordings = lazy(async () => ({
  default: (await import('../../features/recording/components/ward-recordings')).WardRecordings,
}));

/**
 * /guardian/wards: the guardian's watch screen. Positions, alerts, journeys (escorts, check-ins, warnings) and
 * emergency recordings arrive live over the realtime channel.
 */
export function GuardianViewRoute() {
  const userId = useRequiredSession().user.id;
  const journeys = useWardJourneys(userId);
  return (
    <SubPage
      title={GUARDIAN_VIEW_TEXTS.title}
      backTo={paths.guardian}
      backLabel={GUARDIAN_VIEW_TEXTS.back}
      actions={
        <>
          <RealtimeBadge />
          <ThemeToggle />
        </>
      }
      description={GUARDIAN_VIEW_TEXTS.description}
    >
      <GuardianView
        userId={userId}
        linkingPath={paths.guardian}
        journeys={journeys.data}
        wardRecordings={(wardId) => (
          <Suspense fallback={null}>
            <WardRecordings viewerId={userId} wardId={wardId} />
          </Suspense>
        )}
      />
    </SubPage>
  );
}
