import { Clock } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** LATER WORK: placeholder for the Safety Check-In page (docs/PRODUCT.md#not-built-yet), built later. */
export function CheckInRoute() {
  return <PlaceholderPage title={NAV_TEXTS.checkIn} icon={<Clock aria-hidden />} />;
}
