import { ChevronRight } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';

type ListRowButtonProps = Omit<ComponentProps<'button'>, 'title'> & {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Show a chevron to say the row opens something. */
  chevron?: boolean;
};

/** A full-width tappable row, as used in the settings overview and the menu. */
export function ListRowButton({
  icon,
  title,
  description,
  chevron = true,
  className,
  ...props
}: ListRowButtonProps) {
  return (
    <button
      type="button"
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-muted',
        focusRing,
        className,
      )}
      {...props}
    >
      {icon ? (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground [&_svg]:size-5">
          {icon}
        </span>
      ) : null}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{title}</span>
        {description ? <span className="truncate text-sm text-muted-foreground">{description}</span> : null}
      </span>
      {chevron ? <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden /> : null}
    </button>
  );
}
