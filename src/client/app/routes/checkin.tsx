import { Clock } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** The Safety Check-In page is not built: a placeholder that says so (docs/PRODUCT.md#not-built-yet). */
export function CheckInRoute() {
  return <PlaceholderPage title={NAV_TEXTS.checkIn} icon={<Clock aria-hidden />} />;
}
