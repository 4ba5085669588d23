import { Car } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** The Escort Mode page is not built: a placeholder that says so (docs/PRODUCT.md#not-built-yet). */
export function MapRoute() {
  return <PlaceholderPage title={NAV_TEXTS.escort} icon={<Car aria-hidden />} />;
}
