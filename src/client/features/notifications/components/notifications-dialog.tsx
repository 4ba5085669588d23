import { X } from 'lucide-react';
import { NOTIFICATION_BADGE_TEXTS } from '#shared/notification-list-texts';
import { NOTIFICATION_TEXTS } from '#shared/ui-texts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../hooks/notifications-context';
import type { AppNotification, NotificationType } from '../stores/notifications-store';

const TONES: Record<NotificationType, BadgeTone> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'danger',
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function formatTimestamp(timestamp: string, nowMs: number = Date.now()): string {
  const age = nowMs - Date.parse(timestamp);
  if (age < MINUTE_MS) return NOTIFICATION_TEXTS.justNow;
  if (age < HOUR_MS) return NOTIFICATION_TEXTS.minutesAgo(Math.floor(age / MINUTE_MS));
  if (age < DAY_MS) return NOTIFICATION_TEXTS.hoursAgo(Math.floor(age / HOUR_MS));
  return new Date(timestamp).toLocaleString();
}

type NotificationsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Newest first; clicking an item marks it read, X deletes it (docs/PRODUCT.md#notifications). */
export function NotificationsDialog({ open, onOpenChange }: NotificationsDialogProps) {
  const { notifications, unreadCount, markRead, markAllRead, remove } = useNotifications();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{NOTIFICATION_TEXTS.title}</DialogTitle>
          <DialogDescription>{NOTIFICATION_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-3">
          <Button
            variant="outline"
            size="sm"
            className="self-end"
            onClick={markAllRead}
            disabled={unreadCount === 0}
          >
            {NOTIFICATION_TEXTS.markAllRead}
          </Button>
          {notifications.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">{NOTIFICATION_TEXTS.empty}</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={NOTIFICATION_TEXTS.title}>
              {notifications.map((item) => (
                <NotificationItem key={item.id} item={item} onRead={markRead} onDelete={remove} />
              ))}
            </ul>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

type NotificationItemProps = {
  item: AppNotification;
  onRead: (id: string) => void;
  onDelete: (id: string) => void;
};

function NotificationItem({ item, onRead, onDelete }: NotificationItemProps) {
  return (
    <li
      data-read={item.read}
      className={cn(
        'relative rounded-xl border',
        item.read ? 'bg-card' : 'border-primary/40 bg-primary-soft/60',
      )}
    >
      <button
        type="button"
        onClick={() => onRead(item.id)}
        className={cn(
          'flex w-full cursor-pointer flex-col gap-1.5 rounded-xl p-4 pr-12 text-left',
          focusRing,
        )}
      >
        <span className="flex items-center gap-2">
          <Badge tone={TONES[item.type]}>{NOTIFICATION_BADGE_TEXTS[item.type]}</Badge>
          {item.read ? null : (
            <span className="flex items-center gap-1 text-xs font-medium text-primary-text">
              <span className="size-2 rounded-full bg-primary" aria-hidden />
              {NOTIFICATION_TEXTS.unread}
            </span>
          )}
        </span>
        <span className="font-semibold">{item.title}</span>
        <span className="text-sm text-muted-foreground">{item.message}</span>
        <time dateTime={item.timestamp} className="text-xs text-muted-foreground">
          {formatTimestamp(item.timestamp)}
        </time>
      </button>
      <Button
        variant="ghost"
        size="none"
        className="absolute top-2 right-2 size-8"
        onClick={() => onDelete(item.id)}
        aria-label={NOTIFICATION_TEXTS.delete(item.title)}
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}
