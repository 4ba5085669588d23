import { Link, useLocation } from 'react-router';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { BOTTOM_NAV_TABS } from './bottom-nav-tabs';

/**
 * Fixed bottom tabs on narrow screens (wide screens get the side navigation instead). A tab is active only when
 * its path equals the current path exactly.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={DASHBOARD_TEXTS.mainNavigation}
      className="fixed inset-x-0 bottom-0 z-30 border-t md:hidden bg-card pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-4">
        {BOTTOM_NAV_TABS.map((tab) => {
          const active = pathname === tab.to;
          return (
            <li key={tab.to} className="flex">
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors [&_svg]:size-5',
                  active ? 'text-primary-text' : 'text-muted-foreground hover:text-foreground',
                  focusRing,
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-primary-soft',
                  )}
                >
                  {tab.icon}
                </span>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
