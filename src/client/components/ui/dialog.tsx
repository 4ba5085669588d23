import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const LAYOUTS = {
  /** Centred card; full width on phones. */
  centered:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl max-h-[calc(100dvh-2rem)]',
  /** Fills the screen on phones, a tall centred panel on larger screens. */
  fullscreen:
    'inset-0 h-dvh w-full sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(52rem,calc(100dvh-2rem))] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
  /** Slides in from the left edge. */
  sheet: 'inset-y-0 left-0 h-dvh w-72 max-w-[85vw] rounded-r-2xl',
} as const;

export type DialogLayout = keyof typeof LAYOUTS;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  layout?: DialogLayout;
  /** Hide the corner close button (for dialogs that provide their own). */
  hideClose?: boolean;
};

export function DialogContent({
  layout = 'centered',
  hideClose = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col overflow-y-auto border bg-card text-card-foreground shadow-xl outline-none',
          LAYOUTS[layout],
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className={cn(
              'absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground',
              focusRing,
            )}
            aria-label={COMMON_TEXTS.close}
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 pr-14 pb-3', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex-1 px-5 pb-5', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 px-5 pb-5 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
