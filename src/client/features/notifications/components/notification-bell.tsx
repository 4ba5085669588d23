import { Bell } from 'lucide-react';
import { NOTIFICATION_BADGE_CAP } from '#shared/constants';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { useNotifications } from '../hooks/notifications-context';

/** "9+" above the cap (docs/PRODUCT.md#dashboard). */
export function formatBadgeCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

export function NotificationBell({ onClick }: { onClick: () => void }) {
  const { unreadCount } = useNotifications();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      onClick={onClick}
      aria-label={
        unreadCount > 0
          ? DASHBOARD_TEXTS.notificationsWithCount(formatBadgeCount(unreadCount))
          : DASHBOARD_TEXTS.notifications
      }
    >
      <Bell className="size-5" aria-hidden />
      {unreadCount > 0 ? (
        <span
          data-testid="notification-badge"
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground"
        >
          {formatBadgeCount(unreadCount)}
        </span>
      ) : null}
    </Button>
  );
}
