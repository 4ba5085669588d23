import { Car } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** LATER WORK: placeholder for the Escort Mode page (document 2 §2), built by a later issue. */
export function MapRoute() {
  return <PlaceholderPage title={NAV_TEXTS.escort} icon={<Car aria-hidden />} />;
}
