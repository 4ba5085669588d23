import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { getActiveEscort } from '../../features/journeys/api/escort-sessions';
import { journeyKeys } from '../../features/journeys/api/journey-keys';
import { ActiveAlertScreen } from '../../features/sos/components/active-alert-screen';
import { LazyAlertRecordingControls } from './lazy-escort-recording';

type ActiveAlertViewProps = Omit<ComponentProps<typeof ActiveAlertScreen>, 'escortDestination'>;

/**
 * The active-alert screen with what other features add: for an alert the escort's deadline raised, that escort's
 * destination (the active-escort query, same key as the escort screens); the emergency recording controls, which
 * for an escort's alert restart the escort's recording as the emergency's. Loaded on demand with the screen
 * (active-alert-gate.tsx).
 */
export function ActiveAlertView(props: ActiveAlertViewProps) {
  const { alert } = props.detail;
  const escort = useQuery({
    queryKey: journeyKeys.activeEscort(props.userId),
    queryFn: ({ signal }) => getActiveEscort(signal),
    enabled: alert.trigger_type === 'escort_expired',
  }).data;
  const escortOfAlert = escort && escort.alert_id === alert.id ? escort : null;
  return (
    <ActiveAlertScreen
      {...props}
      escortDestination={escortOfAlert?.destination_address ?? null}
      recording={
        <LazyAlertRecordingControls
          userId={props.userId}
          alertId={alert.id}
          escortSessionId={escortOfAlert?.id ?? null}
        />
      }
    />
  );
}
