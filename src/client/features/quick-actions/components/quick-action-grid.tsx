import {
  Brain,
  CalendarClock,
  Map as MapIcon,
  Navigation,
  PhoneCall,
  Settings,
  ShieldCheck,
  UsersRound,
  Volume2,
  VolumeX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { QUICK_ACTION_TEXTS } from '#shared/quick-action-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';

export type QuickActionGridProps = {
  /** Limited mode hides the premium items (Guardian, Check In, AI Protection, Who Meeting). */
  isPremium: boolean;
  /** The profile's sound_enabled; null while it is not known (the toggle waits). */
  soundEnabled: boolean | null;
  onToggleSound: () => void;
  onOpenSettings: () => void;
  /** Show/Hide Map: the item is shown only when the screen has a map to show. */
  onToggleMap?: () => void;
  mapShown?: boolean;
  /** Escort Mode: the item is shown only when the screen can open it. */
  onOpenEscort?: () => void;
  /** AI Protection: opens the AI Protection System dialog. */
  onOpenProtection?: () => void;
  /** Who Meeting: opens Who You're Meeting; without it the item is not shown. */
  onOpenMeeting?: () => void;
  /** Fake Call: opens its dialog; without it the item is not shown. Not premium: it is a way out for anyone. */
  onOpenFakeCall?: () => void;
  /** Guardian and Check In open by full page navigation; injected for tests. */
  navigate?: (path: string) => void;
};

type Item = {
  key: string;
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** Not built in Beacon: shown disabled, saying so. */
  unavailable?: boolean;
  premium?: boolean;
};

const fullPageNavigation = (path: string): void => window.location.assign(path);

/**
 * The dashboard's quick actions (docs/PRODUCT.md#quick-actions), three columns, in this order: Settings,
 * Sound On/Off, Guardian, Show/Hide Map, Escort Mode, Check In, AI Protection, Who Meeting, Fake Call. An item whose action
 * the screen does not provide is left out rather than shown doing nothing.
 */
export function QuickActionGrid({
  isPremium,
  soundEnabled,
  onToggleSound,
  onOpenSettings,
  onToggleMap,
  mapShown = false,
  onOpenEscort,
  onOpenProtection,
  onOpenMeeting,
  onOpenFakeCall,
  navigate = fullPageNavigation,
}: QuickActionGridProps) {
  const items: (Item | null)[] = [
    { key: 'settings', label: QUICK_ACTION_TEXTS.settings, icon: <Settings />, onClick: onOpenSettings },
    {
      key: 'sound',
      label: soundEnabled === false ? QUICK_ACTION_TEXTS.soundOff : QUICK_ACTION_TEXTS.soundOn,
      icon: soundEnabled === false ? <VolumeX /> : <Volume2 />,
      onClick: soundEnabled === null ? undefined : onToggleSound,
    },
    {
      key: 'guardian',
      label: QUICK_ACTION_TEXTS.guardian,
      icon: <UsersRound />,
      onClick: () => navigate(paths.guardian),
      premium: true,
    },
    onToggleMap
      ? {
          key: 'map',
          label: mapShown ? QUICK_ACTION_TEXTS.hideMap : QUICK_ACTION_TEXTS.showMap,
          icon: <MapIcon />,
          onClick: onToggleMap,
        }
      : null,
    onOpenEscort
      ? { key: 'escort', label: QUICK_ACTION_TEXTS.escort, icon: <Navigation />, onClick: onOpenEscort }
      : null,
    {
      key: 'checkin',
      label: QUICK_ACTION_TEXTS.checkIn,
      icon: <ShieldCheck />,
      onClick: () => navigate(paths.checkin),
      premium: true,
    },
    {
      key: 'ai',
      label: QUICK_ACTION_TEXTS.aiProtection,
      icon: <Brain />,
      onClick: onOpenProtection,
      premium: true,
    },
    onOpenMeeting
      ? {
          key: 'meeting',
          label: QUICK_ACTION_TEXTS.whoMeeting,
          icon: <CalendarClock />,
          onClick: onOpenMeeting,
          premium: true,
        }
      : null,
    onOpenFakeCall
      ? { key: 'fake-call', label: QUICK_ACTION_TEXTS.fakeCall, icon: <PhoneCall />, onClick: onOpenFakeCall }
      : null,
  ];
  const shown = items.filter((item): item is Item => item !== null && (isPremium || !item.premium));
  return (
    <ul className="grid grid-cols-3 gap-2" data-testid="quick-action-grid">
      {shown.map((item) => (
        <li key={item.key} className="flex">
          <QuickActionButton item={item} />
        </li>
      ))}
    </ul>
  );
}

function QuickActionButton({ item }: { item: Item }) {
  const disabled = item.unavailable === true || item.onClick === undefined;
  return (
    <button
      type="button"
      onClick={item.onClick}
      disabled={disabled}
      data-item={item.key}
      className={cn(
        'flex min-h-20 w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border bg-card p-2 text-center text-xs font-medium transition-colors hover:bg-muted',
        '[&_svg]:size-5 [&_svg]:text-primary-text',
        'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-card',
        focusRing,
      )}
    >
      <span aria-hidden>{item.icon}</span>
      <span>{item.label}</span>
      {item.unavailable ? (
        <span className="text-[0.65rem] font-normal text-muted-foreground">
          {QUICK_ACTION_TEXTS.notAvailable}
        </span>
      ) : null}
    </button>
  );
}
