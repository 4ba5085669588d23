import { Car, Crown, MapPin, ShieldAlert } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { paths } from '../../../lib/paths';
import type { NavItem } from './nav-items';

/** The bottom tabs on narrow screens, in order: Location, Driving (the Escort Mode page), Safety, Membership. */
export const BOTTOM_NAV_TABS: NavItem[] = [
  { label: NAV_TEXTS.location, to: paths.home, icon: <MapPin aria-hidden /> },
  { label: NAV_TEXTS.driving, to: paths.map, icon: <Car aria-hidden /> },
  { label: NAV_TEXTS.safety, to: paths.sos, icon: <ShieldAlert aria-hidden /> },
  { label: NAV_TEXTS.membership, to: paths.settings, icon: <Crown aria-hidden /> },
];
