import { Link, useLocation } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Logo } from '../../../components/logo';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { NAV_ITEMS } from './nav-items';

/**
 * The navigation on wide screens (768 px and up), where the menu button and the bottom tabs are hidden: a fixed
 * side column with every screen, the same as the narrow screen's menu (docs/PRODUCT.md#navigation). The current screen is marked for screen readers.
 */
export function SideNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={DASHBOARD_TEXTS.menuTitle}
      className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col gap-4 border-r bg-card px-3 py-4 md:flex"
    >
      <div className="flex items-center gap-3 px-2">
        <Logo />
        <span className="text-lg font-bold">{APP_NAME}</span>
      </div>
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map((item) => {
          const active = pathname === item.to;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 font-medium [&_svg]:size-5',
                  active
                    ? 'bg-primary-soft text-primary-text'
                    : 'text-foreground hover:bg-muted [&_svg]:text-muted-foreground',
                  focusRing,
                )}
              >
                {item.icon}
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
