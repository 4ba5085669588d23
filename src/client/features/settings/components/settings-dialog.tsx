import {
  ArrowLeft,
  Bell,
  Crown,
  Info,
  Lightbulb,
  Palette,
  ShieldAlert,
  ShieldCheck,
  UserRound,
  X,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { SETTINGS_TEXTS, type SettingsSectionId } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  type DialogLayout,
} from '../../../components/ui/dialog';
import { ListRowButton } from '../../../components/ui/list-row';

/** Overview order (docs/PRODUCT.md#settings). */
export const SETTINGS_SECTION_ORDER: readonly SettingsSectionId[] = [
  'how-it-works',
  'profile',
  'notifications',
  'privacy',
  'emergency',
  'preferences',
  'subscription',
  'about',
];

const ICONS: Record<SettingsSectionId, ReactNode> = {
  'how-it-works': <Lightbulb aria-hidden />,
  profile: <UserRound aria-hidden />,
  notifications: <Bell aria-hidden />,
  privacy: <ShieldCheck aria-hidden />,
  emergency: <ShieldAlert aria-hidden />,
  preferences: <Palette aria-hidden />,
  subscription: <Crown aria-hidden />,
  about: <Info aria-hidden />,
};

type SettingsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The content of each section; the host composes them from the features that own the data. */
  sections: Record<SettingsSectionId, ReactNode>;
  layout?: DialogLayout;
  initialSection?: SettingsSectionId | null;
};

/** Settings: an overview list of sections; a section replaces the list and a back arrow returns to it. */
export function SettingsDialog({
  open,
  onOpenChange,
  sections,
  layout = 'fullscreen',
  initialSection = null,
}: SettingsDialogProps) {
  const [active, setActive] = useState<SettingsSectionId | null>(initialSection);
  const changeOpen = (next: boolean): void => {
    // Re-opening starts from the overview again.
    if (!next) setActive(initialSection);
    onOpenChange(next);
  };
  const current = active ? SETTINGS_TEXTS.sections[active] : null;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent layout={layout} hideClose>
        <div className="sticky top-0 z-10 flex items-center gap-2 border-b bg-card px-5 py-4">
          {current ? (
            <Button
              variant="ghost"
              size="icon"
              className="-ml-2"
              onClick={() => setActive(null)}
              aria-label={SETTINGS_TEXTS.backToOverview}
            >
              <ArrowLeft className="size-5" aria-hidden />
            </Button>
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <DialogTitle>{current ? current.title : SETTINGS_TEXTS.title}</DialogTitle>
            <DialogDescription>
              {current ? current.description : SETTINGS_TEXTS.description}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" className="-mr-2" aria-label={COMMON_TEXTS.close}>
              <X className="size-5" aria-hidden />
            </Button>
          </DialogClose>
        </div>
        <DialogBody className="pt-4">
          {active ? (
            sections[active]
          ) : (
            <nav aria-label={SETTINGS_TEXTS.title}>
              <ul className="flex flex-col gap-1">
                {SETTINGS_SECTION_ORDER.map((id) => (
                  <li key={id}>
                    <ListRowButton
                      icon={ICONS[id]}
                      title={SETTINGS_TEXTS.sections[id].title}
                      description={SETTINGS_TEXTS.sections[id].description}
                      onClick={() => setActive(id)}
                    />
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
