import { useId, type ReactNode } from 'react';
import type { Detector } from '#shared/protection';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { detectorStateText } from '../utils/detector-state-text';
import type { DetectorState } from '../utils/protection-engine';

type DetectorSectionProps = {
  detector: Detector;
  title: string;
  hint: string;
  /** The person's switch for this detector. */
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** What it is doing on this phone now. */
  state: DetectorState;
  children?: ReactNode;
};

/** One detector: its switch, what it is doing now (and why not, when it is not running), and its settings. */
export function DetectorSection({
  detector,
  title,
  hint,
  checked,
  onCheckedChange,
  state,
  children,
}: DetectorSectionProps) {
  const id = useId();
  const running = state === 'running';
  const trouble = !running && state !== 'off' && state !== 'starting';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={`${id}-title`} className="font-semibold">
            {title}
          </h3>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        </div>
        <Switch
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
        />
      </div>
      <p
        data-testid={`detector-${detector}`}
        data-state={state}
        className={cn(
          'flex items-start gap-2 text-sm',
          running ? 'text-success' : trouble ? 'text-warning' : 'text-muted-foreground',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            running ? 'bg-success' : trouble ? 'bg-warning' : 'bg-muted-foreground',
          )}
        />
        {detectorStateText(detector, state)}
      </p>
      {children}
    </section>
  );
}
