import { ShieldAlert } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** LATER WORK: placeholder for the Emergency SOS page (document 1 §2), built by a later issue. */
export function SosRoute() {
  return <PlaceholderPage title={NAV_TEXTS.sos} icon={<ShieldAlert aria-hidden />} />;
}
