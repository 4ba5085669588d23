import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { getActiveEscort } from '../../features/journeys/api/escort-sessions';
import { journeyKeys } from '../../features/journeys/api/journey-keys';
import { ActiveAlertScreen } from '../../features/sos/components/active-alert-screen';

type ActiveAlertViewProps = Omit<ComponentProps<typeof ActiveAlertScreen>, 'escortDestination'>;

/**
 * The active-alert screen with what another feature knows of its cause: for an alert the escort's deadline
 * raised, that escort's destination (the active-escort query, same key as the escort screens). Loaded on demand
 * with the screen (active-alert-gate.tsx).
 */
export function ActiveAlertView(props: ActiveAlertViewProps) {
  const { alert } = props.detail;
  const escort = useQuery({
    queryKey: journeyKeys.activeEscort(props.userId),
    queryFn: ({ signal }) => getActiveEscort(signal),
    enabled: alert.trigger_type === 'escort_expired',
  }).data;
  const destination = escort && escort.alert_id === alert.id ? escort.destination_address : null;
  return <ActiveAlertScreen {...props} escortDestination={destination} />;
}
