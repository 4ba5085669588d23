import { ShieldCheck } from 'lucide-react';
import { cn } from '../lib/cn';

const SIZES = {
  sm: { box: 'size-9 rounded-xl', icon: 'size-5' },
  md: { box: 'size-14 rounded-2xl', icon: 'size-8' },
  lg: { box: 'size-24 rounded-3xl', icon: 'size-14' },
} as const;

/** Beacon's mark: a white shield on the safety red. Decorative; the product name sits next to it. */
export function Logo({ size = 'sm', className }: { size?: keyof typeof SIZES; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center bg-primary text-primary-foreground shadow-sm',
        SIZES[size].box,
        className,
      )}
    >
      <ShieldCheck className={SIZES[size].icon} strokeWidth={2.25} />
    </span>
  );
}
