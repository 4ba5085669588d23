import { MapPin, MessageSquare, Siren, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';

const ICONS: ReactNode[] = [
  <Siren key="sos" aria-hidden />,
  <MessageSquare key="offline" aria-hidden />,
  <MapPin key="location" aria-hidden />,
  <UsersRound key="guardians" aria-hidden />,
];

/** Feature explainer cards (docs/PRODUCT.md#settings): only features Beacon has today. */
export function HowItWorksSection() {
  return (
    <ul className="grid gap-3">
      {SETTINGS_TEXTS.howItWorks.map((card, index) => (
        <li key={card.title} className="flex gap-3 rounded-xl border bg-card p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text [&_svg]:size-5">
            {ICONS[index]}
          </span>
          <div className="flex flex-col gap-1">
            <h3 className="font-semibold">{card.title}</h3>
            <p className="text-sm text-muted-foreground">{card.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
