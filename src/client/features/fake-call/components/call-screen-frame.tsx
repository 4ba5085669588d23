import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

type CallScreenFrameProps = {
  callerName: string;
  /** Under the name: "Incoming call…", or the call's running time. */
  status: ReactNode;
  /** Escape (and a screen reader's dismiss) does what the red button does. */
  onDismiss: () => void;
  /** The round buttons at the bottom. */
  children: ReactNode;
  testId: string;
  attributes?: Record<`data-${string}`, string>;
};

/**
 * What a phone's call screens look like: dark in both themes, the caller's initial and name high up, the round
 * buttons low, within thumb reach. A modal dialog named after the caller, so focus stays in it and returns to where
 * the person was when it closes. Full screen on a phone; a phone-sized panel on a wide screen.
 */
export function CallScreenFrame({
  callerName,
  status,
  onDismiss,
  children,
  testId,
  attributes,
}: CallScreenFrameProps) {
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <DialogPrimitive.Content
          data-testid={testId}
          {...attributes}
          // A stray tap beside the panel on a wide screen must not hang up.
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-50 flex h-dvh w-full flex-col items-center justify-between bg-gradient-to-b from-slate-800 to-slate-950 px-6 pt-[max(4rem,env(safe-area-inset-top))] pb-[max(3.5rem,env(safe-area-inset-bottom))] text-white outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(46rem,calc(100dvh-2rem))] sm:w-[24rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[2.5rem] sm:shadow-2xl"
        >
          <div className="flex flex-col items-center gap-3 text-center">
            <span
              aria-hidden
              className="mb-3 flex size-24 items-center justify-center rounded-full bg-slate-600 text-4xl font-semibold"
            >
              {initialOf(callerName)}
            </span>
            <DialogPrimitive.Title className="text-3xl font-semibold break-all">
              {callerName}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description asChild>
              <div className="text-lg text-slate-300">{status}</div>
            </DialogPrimitive.Description>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '';
}

type RoundButtonProps = {
  /** The accessible name, e.g. "Accept call"; the word under the button is its visible part. */
  label: string;
  caption: string;
  icon: ReactNode;
  tone: 'accept' | 'decline';
  onClick: () => void;
};

/** A call screen's big round button with its word under it. */
export function RoundCallButton({ label, caption, icon, tone, onClick }: RoundButtonProps) {
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={
          'flex size-18 cursor-pointer items-center justify-center rounded-full text-white shadow-lg transition-colors outline-none focus-visible:ring-4 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 [&_svg]:size-8 ' +
          (tone === 'accept' ? 'bg-green-600 hover:bg-green-700' : 'bg-red-600 hover:bg-red-700')
        }
      >
        {icon}
      </button>
      <span aria-hidden className="text-sm text-slate-200">
        {caption}
      </span>
    </div>
  );
}
