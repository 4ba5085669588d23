import { useId } from 'react';
import { LAST_CHANCE, LAST_CHANCE_CHOICES } from '#shared/last-chance';
import { LAST_CHANCE_SETTING_TEXTS } from '#shared/last-chance-texts';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

type Props = {
  /** The stored minutes; undefined while the profile loads. */
  value: number | undefined;
  onChange: (minutes: number) => void;
  disabled?: boolean;
};

/**
 * Emergency Settings › how long Beacon asks "Are you safe?" after an escort's or check-in's deadline before it texts
 * the contacts (docs/PRODUCT.md#last-chance-before-contacts-are-texted). A journey keeps the value it started with.
 */
export function LastChanceSetting({ value, onChange, disabled }: Props) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-3">
      <Label htmlFor={id}>{LAST_CHANCE_SETTING_TEXTS.label}</Label>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {LAST_CHANCE_SETTING_TEXTS.description}
      </p>
      <Select
        value={String(value ?? LAST_CHANCE.defaultMinutes)}
        onValueChange={(minutes) => onChange(Number(minutes))}
        disabled={disabled}
      >
        <SelectTrigger id={id} aria-describedby={descriptionId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LAST_CHANCE_CHOICES.map((minutes) => (
            <SelectItem key={minutes} value={String(minutes)}>
              {LAST_CHANCE_SETTING_TEXTS.choice(minutes)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
