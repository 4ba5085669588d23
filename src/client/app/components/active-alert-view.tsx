import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { activeEscortQueryOptions } from '../../features/journeys/hooks/use-active-escort';
import { ActiveAlertScreen } from '../../features/sos/components/active-alert-screen';

type ActiveAlertViewProps = Omit<ComponentProps<typeof ActiveAlertScreen>, 'escortDestination'>;

/**
 * The active-alert screen with what other features know of its cause: for an alert the escort's deadline raised,
 * the destination of that escort. Loaded on demand with the screen (active-alert-gate.tsx).
 */
export function ActiveAlertView(props: ActiveAlertViewProps) {
  const { alert } = props.detail;
  const escort = useQuery({
    ...activeEscortQueryOptions(props.userId),
    enabled: alert.trigger_type === 'escort_expired',
  }).data;
  const destination = escort && escort.alert_id === alert.id ? escort.destination_address : null;
  return <ActiveAlertScreen {...props} escortDestination={destination} />;
}
