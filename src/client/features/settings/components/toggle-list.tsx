import { useId } from 'react';
import { Switch } from '../../../components/ui/switch';

export type ToggleItem<K extends string> = { id: K; label: string; description: string; checked: boolean };

type ToggleListProps<K extends string> = {
  items: ToggleItem<K>[];
  onChange: (id: K, checked: boolean) => void;
  disabled?: boolean;
};

/** Labelled switches; each switch's accessible name is its label. */
export function ToggleList<K extends string>({ items, onChange, disabled }: ToggleListProps<K>) {
  return (
    <ul className="flex flex-col divide-y rounded-xl border">
      {items.map((item) => (
        <ToggleRow key={item.id} item={item} onChange={onChange} disabled={disabled} />
      ))}
    </ul>
  );
}

function ToggleRow<K extends string>({
  item,
  onChange,
  disabled,
}: {
  item: ToggleItem<K>;
  onChange: (id: K, checked: boolean) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center justify-between gap-4 p-4">
      <div className="flex flex-col gap-0.5">
        <span id={labelId} className="font-medium">
          {item.label}
        </span>
        <span id={descriptionId} className="text-sm text-muted-foreground">
          {item.description}
        </span>
      </div>
      <Switch
        checked={item.checked}
        onCheckedChange={(checked) => onChange(item.id, checked)}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
      />
    </li>
  );
}
