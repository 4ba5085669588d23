import { ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { PROTECTION_LEVEL_TEXTS } from '#shared/protection-ui-texts';
import { cn } from '../../../lib/cn';
import type { ProtectionLevel } from '../utils/protection-level';

const TONES: Record<ProtectionLevel, string> = {
  maximum: 'bg-success-soft text-success',
  active: 'bg-success-soft text-success',
  limited: 'bg-warning-soft text-warning',
  none: 'bg-muted text-foreground',
};

/** The status badge: what runs on this phone now (utils/protection-level.ts), announced when it changes. */
export function ProtectionBadge({ level }: { level: ProtectionLevel }) {
  const Icon = level === 'none' ? ShieldOff : level === 'limited' ? ShieldAlert : ShieldCheck;
  return (
    <p
      role="status"
      data-testid="protection-level"
      data-level={level}
      className={cn('flex items-center gap-2 rounded-xl px-4 py-3 font-semibold', TONES[level])}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {PROTECTION_LEVEL_TEXTS[level]}
    </p>
  );
}
