import { Menu, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_NAME } from '#shared/constants';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';

type DashboardHeaderProps = {
  /** Defaults to the product name. */
  title?: string;
  /** Shows the menu button (below the md breakpoint only) when given. */
  onMenuClick?: () => void;
  /** Shows the settings button when given. */
  onSettingsClick?: () => void;
  /** The notification bell and theme toggle, composed by the host from their features. */
  actions?: ReactNode;
};

/** The dashboard header (docs/PRODUCT.md#dashboard): logo, title, menu, bell, theme toggle, settings. */
export function DashboardHeader({
  title = APP_NAME,
  onMenuClick,
  onSettingsClick,
  actions,
}: DashboardHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b bg-card">
      <div className="mx-auto flex h-14 w-full max-w-lg items-center gap-2 px-3">
        {onMenuClick ? (
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            onClick={onMenuClick}
            aria-label={DASHBOARD_TEXTS.openMenu}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
        ) : null}
        <Logo />
        <h1 className="flex-1 truncate text-lg font-bold">{title}</h1>
        <div className="flex items-center">
          {actions}
          {onSettingsClick ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={onSettingsClick}
              aria-label={DASHBOARD_TEXTS.openSettings}
            >
              <Settings className="size-5" aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
