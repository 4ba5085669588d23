import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** The thumb's accessible name (the thumb is what a screen reader and the keyboard reach). */
  thumbLabel?: string;
  /** The thumb's accessible value text, e.g. "8 m/s²". */
  valueText?: string;
  /** Elements that describe the thumb (a hint). */
  describedBy?: string;
  /** Labels the thumb by another element. */
  labelledBy?: string;
};

/** A one-thumb slider: arrows, Page Up/Down, Home and End move it; the thumb carries the name and value. */
export function Slider({ className, thumbLabel, valueText, describedBy, labelledBy, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn(
        'relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-input">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        aria-labelledby={labelledBy}
        aria-valuetext={valueText}
        aria-describedby={describedBy}
        className={cn(
          'block size-6 cursor-grab rounded-full border-2 border-primary bg-background shadow-md',
          focusRing,
        )}
      />
    </SliderPrimitive.Root>
  );
}
