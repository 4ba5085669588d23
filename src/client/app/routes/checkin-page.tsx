import type { ReactNode } from 'react';
import { CHECK_IN_TEXTS } from '#shared/checkin-texts';
import { CheckInPanel } from '../../features/checkin/components/check-in-panel';
import { useActiveCheckIn, useCheckInActions } from '../../features/journeys/hooks/use-check-in';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import { paths } from '../../lib/paths';
import { SubPageHeader } from '../components/sub-page-header';

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
  const actions = useCheckInActions(userId);
  const location = useTrackedLocation();
  return (
    <>
      <SubPageHeader
        title={CHECK_IN_TEXTS.title}
        backTo={paths.home}
        backLabel={CHECK_IN_TEXTS.back}
        actions={<ThemeToggle />}
      />
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
        <p className="text-sm text-muted-foreground">{CHECK_IN_TEXTS.description}</p>
        <CheckInPanel
          // A failed read shows no check-in (Start stays possible; the server has the last word) instead of
          // waiting forever.
          checkIn={checkIn.isError && checkIn.data === undefined ? null : checkIn.data}
          location={location.latest}
          locationError={location.error}
          actions={actions}
          onAddContacts={onAddContacts}
          contacts={contacts}
        />
      </main>
    </>
  );
}
