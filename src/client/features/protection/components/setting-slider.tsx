import { useId, useState } from 'react';
import { Slider } from '../../../components/ui/slider';

type SettingSliderProps = {
  label: string;
  hint: string;
  min: number;
  max: number;
  step: number;
  value: number;
  format: (value: number) => string;
  /** The person let go of the thumb (or a key moved it) on a new value: saved then, not on every step. */
  onCommit: (value: number) => void;
};

/** A labelled slider showing its value; it saves when the person lets go. */
export function SettingSlider({ label, hint, min, max, step, value, format, onCommit }: SettingSliderProps) {
  const id = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? value;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-sm font-semibold tabular-nums" aria-hidden>
          {format(shown)}
        </span>
      </div>
      <Slider
        min={min}
        max={max}
        step={step}
        value={[shown]}
        onValueChange={([next]) => {
          if (next !== undefined) setDraft(next);
        }}
        onValueCommit={([next]) => {
          setDraft(null);
          if (next !== undefined && next !== value) onCommit(next);
        }}
        labelledBy={`${id}-label`}
        valueText={format(shown)}
        describedBy={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
