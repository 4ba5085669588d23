import {
  Eye,
  Home,
  KeyRound,
  Map as MapIcon,
  Navigation,
  Settings,
  ShieldAlert,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_NAV_TEXTS } from '#shared/dashboard-texts';
import { NAV_TEXTS } from '#shared/ui-texts';
import { paths } from '../../../lib/paths';

export type NavItem = { label: string; to: string; icon: ReactNode };

/**
 * Every screen a signed-in person can open from the navigation (docs/PRODUCT.md#navigation): the narrow
 * screen's menu and the wide screen's side navigation list the same items, every screen (the wide screen has
 * no bottom tabs). Both load on demand, with these icons: the bottom tabs (bottom-nav-tabs.tsx) are what the first
 * screen of a phone needs.
 */
export const NAV_ITEMS: NavItem[] = [
  { label: NAV_TEXTS.home, to: paths.home, icon: <Home aria-hidden /> },
  { label: NAV_TEXTS.sos, to: paths.sos, icon: <ShieldAlert aria-hidden /> },
  { label: NAV_TEXTS.escort, to: paths.map, icon: <Navigation aria-hidden /> },
  { label: NAV_TEXTS.checkin, to: paths.checkin, icon: <ShieldCheck aria-hidden /> },
  { label: NAV_TEXTS.safetyMap, to: paths.safetyMap, icon: <MapIcon aria-hidden /> },
  { label: NAV_TEXTS.guardian, to: paths.guardian, icon: <UsersRound aria-hidden /> },
  { label: APP_NAV_TEXTS.guardianView, to: paths.guardianView, icon: <Eye aria-hidden /> },
  { label: NAV_TEXTS.permissions, to: paths.permissions, icon: <KeyRound aria-hidden /> },
  { label: NAV_TEXTS.settings, to: paths.settings, icon: <Settings aria-hidden /> },
];
