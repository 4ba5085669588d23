import type { ReactNode } from 'react';
import { CHECK_IN_TEXTS } from '#shared/checkin-texts';
import { LAST_CHANCE_TEXTS } from '#shared/last-chance-texts';
import { CheckInPanel } from '../../features/checkin/components/check-in-panel';
import { LastChancePrompt } from '../../features/journeys/components/last-chance-prompt';
import { useActiveCheckIn, useCheckInActions } from '../../features/journeys/hooks/use-check-in';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import { notifyError } from '../../lib/notify-error';
import { paths } from '../../lib/paths';
import { SubPage } from '../components/sub-page';
import { useShownJourney } from '../hooks/use-shown-journey';

export type CheckInPageProps = {
  userId: string;
  /** The contacts list, composed by routes/checkin.tsx. */
  contacts: ReactNode;
  onAddContacts: () => void;
};

/**
 * /checkin's screen, loaded on demand (routes/checkin.tsx): the server's check-in, the device's tracked position
 * and the contacts who are alerted when one is missed.
 */
export function CheckInPage({ userId, contacts, onAddContacts }: CheckInPageProps) {
  const checkIn = useActiveCheckIn(userId);
  // A missed check-in whose alert the person ended ("I'm safe") is over, as on the escort screens.
  const shown = useShownJourney(userId, checkIn.data, checkIn.dataUpdatedAt);
  const actions = useCheckInActions(userId);
  const location = useTrackedLocation();
  return (
    <SubPage
      title={CHECK_IN_TEXTS.title}
      backTo={paths.home}
      backLabel={CHECK_IN_TEXTS.back}
      actions={<ThemeToggle />}
      description={CHECK_IN_TEXTS.description}
    >
      {shown?.status === 'active' ? (
        <LastChancePrompt
          deadline={shown.next_due_at}
          lastChanceSeconds={shown.last_chance_seconds ?? 0}
          safeLabel={LAST_CHANCE_TEXTS.checkIn}
          onSafe={() => void actions.checkInNow(shown.id).catch(notifyError)}
          busy={actions.pending}
        />
      ) : null}
      <CheckInPanel
        // A failed read shows no check-in (Start stays possible; the server has the last word) instead of
        // waiting forever.
        checkIn={checkIn.isError && shown === undefined ? null : shown}
        location={location.latest}
        locationError={location.error}
        actions={actions}
        onAddContacts={onAddContacts}
        contacts={contacts}
      />
    </SubPage>
  );
}
