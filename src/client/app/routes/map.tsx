import { Car } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** LATER WORK: placeholder for the Escort Mode page (docs/PRODUCT.md#not-built-yet), built later. */
export function MapRoute() {
  return <PlaceholderPage title={NAV_TEXTS.escort} icon={<Car aria-hidden />} />;
}
