import { ESCORT } from '#shared/constants';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { EscortActiveView } from '../../features/journeys/components/escort-active-view';
import { CurrentLocationPanel } from '../../features/journeys/components/current-location-panel';
import { EscortSetupForm } from '../../features/journeys/components/escort-setup-form';
import { useEscort } from '../../features/journeys/hooks/use-escort';
import { formatCountdown } from '../../lib/journey-format';
import { paths } from '../../lib/paths';
import { EscortContacts } from '../components/escort-contacts';
import { SubPage } from '../components/sub-page';
import { useRequiredSession } from '../hooks/use-required-session';

/**
 * /map, the Escort Mode page (docs/PRODUCT.md#escort-mode): the phone's current location (GPS read every 30 s
 * and on refresh), then the setup (a start needs a fix) or the active escort with its countdown in the header.
 */
export function EscortMapRoute() {
  const userId = useRequiredSession().user.id;
  // The app's one tracker: the escort falls back to its newest reading when the GPS is slow to answer.
  const tracked = useTrackedLocation();
  const escort = useEscort(userId, { pollWhenIdle: true, tracked: tracked.latest });
  const { session, seconds, position } = escort;
  const active = session?.status === 'active';
  return (
    <SubPage
      title={ESCORT_TEXTS.pageTitle}
      backTo={paths.home}
      backLabel={ESCORT_TEXTS.back}
      actions={
        active ? (
          <>
            <Badge
              tone={seconds !== null && seconds <= ESCORT.warningSeconds ? 'danger' : 'info'}
              data-testid="escort-countdown-badge"
              className="font-mono tabular-nums"
            >
              {formatCountdown(seconds ?? 0)}
              {/* "left" is read, not shown: the header keeps room for the page's title on a phone. */}
              <span className="sr-only">{ESCORT_TEXTS.countdownBadgeSuffix}</span>
            </Badge>
            {position.tracking ? <Badge tone="success">{ESCORT_TEXTS.trackingActive}</Badge> : null}
          </>
        ) : null
      }
    >
      <CurrentLocationPanel fix={position.fix} error={position.error} onRefresh={position.refresh} />
      {session === undefined ? (
        escort.isError ? (
          <p role="alert">{ESCORT_TEXTS.loadFailed}</p>
        ) : (
          <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />
        )
      ) : session === null ? (
        <EscortSetupForm
          onStart={escort.start}
          starting={escort.starting}
          requireLocation
          hasLocation={position.fix !== null}
        />
      ) : (
        <EscortActiveView
          session={session}
          controller={escort}
          contacts={<EscortContacts userId={userId} />}
          variant="page"
        />
      )}
    </SubPage>
  );
}
