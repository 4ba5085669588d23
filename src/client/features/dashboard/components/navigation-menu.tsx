import { Link } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Logo } from '../../../components/logo';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { NAV_ITEMS } from './nav-items';

/** The side menu behind the header's menu button (small screens). */
export function NavigationMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" className="p-4">
        <div className="flex items-center gap-3 px-2 pt-1 pb-4">
          <Logo />
          <DialogTitle>{APP_NAME}</DialogTitle>
          <DialogDescription className="sr-only">{DASHBOARD_TEXTS.menuTitle}</DialogDescription>
        </div>
        <nav aria-label={DASHBOARD_TEXTS.menuTitle}>
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => onOpenChange(false)}
                  className={cn(
                    'flex items-center gap-3 rounded-xl px-3 py-3 font-medium hover:bg-muted [&_svg]:size-5 [&_svg]:text-muted-foreground',
                    focusRing,
                  )}
                >
                  {item.icon}
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
