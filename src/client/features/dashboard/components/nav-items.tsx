import { Crown, Eye, Home, KeyRound, MapPin, Settings, ShieldAlert, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_NAV_TEXTS } from '#shared/dashboard-texts';
import { NAV_TEXTS } from '#shared/ui-texts';
import { paths } from '../../../lib/paths';

export type NavItem = { label: string; to: string; icon: ReactNode };

/**
 * Every screen a signed-in person can open from the navigation (docs/PRODUCT.md#navigation): the narrow
 * screen's menu and the wide screen's side navigation list the same items. Only screens that work are listed:
 * escort mode and check-in are not built, so they have no entry (and no route).
 */
export const NAV_ITEMS: NavItem[] = [
  { label: NAV_TEXTS.home, to: paths.home, icon: <Home aria-hidden /> },
  { label: NAV_TEXTS.sos, to: paths.sos, icon: <ShieldAlert aria-hidden /> },
  { label: NAV_TEXTS.guardian, to: paths.guardian, icon: <UsersRound aria-hidden /> },
  { label: APP_NAV_TEXTS.guardianView, to: paths.guardianView, icon: <Eye aria-hidden /> },
  { label: NAV_TEXTS.permissions, to: paths.permissions, icon: <KeyRound aria-hidden /> },
  { label: NAV_TEXTS.settings, to: paths.settings, icon: <Settings aria-hidden /> },
];

/** The bottom tabs on narrow screens, in order: Location, Safety and Membership, and Guardians. */
export const BOTTOM_NAV_TABS: NavItem[] = [
  { label: NAV_TEXTS.location, to: paths.home, icon: <MapPin aria-hidden /> },
  { label: NAV_TEXTS.safety, to: paths.sos, icon: <ShieldAlert aria-hidden /> },
  { label: NAV_TEXTS.guardians, to: paths.guardian, icon: <UsersRound aria-hidden /> },
  { label: NAV_TEXTS.membership, to: paths.settings, icon: <Crown aria-hidden /> },
];
