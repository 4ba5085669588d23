import { ESCORT } from '#shared/constants';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { EscortActiveView } from '../../features/journeys/components/escort-active-view';
import { CurrentLocationPanel } from '../../features/journeys/components/current-location-panel';
import { useEscort } from '../../features/journeys/hooks/use-escort';
import { formatCountdown } from '../../lib/journey-format';
import { paths } from '../../lib/paths';
import { EscortContacts } from '../components/escort-contacts';
import { EscortSetup, useNobodyToTell } from '../components/escort-setup';
import { SubPage } from '../components/sub-page';
import {
  LazyGuardianVideoMonitoringPanel,
  LazyVideoMonitoringCard,
} from '../components/lazy-escort-recording';
import { useEscortRecording } from '../hooks/use-escort-recording';
import { useRequiredSession } from '../hooks/use-required-session';
import { useShownJourney } from '../hooks/use-shown-journey';

/**
 * /map, the Escort Mode page (docs/PRODUCT.md#escort-mode): the phone's current location (GPS read every 30 s
 * and on refresh), then the setup (a start needs a fix and someone to tell) or the active escort with its
 * countdown in the header.
 */
export function EscortMapRoute() {
  const userId = useRequiredSession().user.id;
  // The app's one tracker: the escort falls back to its newest reading when the GPS is slow to answer.
  const tracked = useTrackedLocation();
  const { nobodyToTell, recheck } = useNobodyToTell(userId);
  const escort = useEscortRecording(useEscort(userId, { tracked: tracked.latest, onNobodyToTell: recheck }));
  const session = useShownJourney(userId, escort.session, escort.sessionUpdatedAt);
  const { seconds, position } = escort;
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
        <EscortSetup
          userId={userId}
          nobodyToTell={nobodyToTell}
          hasLocation={position.fix !== null}
          onStart={escort.start}
          starting={escort.starting}
        />
      ) : (
        <EscortActiveView
          session={session}
          controller={escort}
          contacts={<EscortContacts userId={userId} />}
          variant="page"
          videoMonitoring={<LazyVideoMonitoringCard />}
          recordingPanel={<LazyGuardianVideoMonitoringPanel userId={userId} session={session} />}
        />
      )}
    </SubPage>
  );
}
