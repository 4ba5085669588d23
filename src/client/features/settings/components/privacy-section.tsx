import { Trash2 } from 'lucide-react';
import type { ProfileSettings } from '#shared/schemas/profile';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { ToggleList } from './toggle-list';

type PrivacyKey = 'shareLocation' | 'emergencyContacts';
const KEYS: PrivacyKey[] = ['shareLocation', 'emergencyContacts'];

type Props = {
  settings: ProfileSettings;
  onChange: (change: Partial<ProfileSettings>) => void;
  onDeleteAccount: () => void;
  disabled?: boolean;
};

export function PrivacySection({ settings, onChange, onDeleteAccount, disabled }: Props) {
  const items = KEYS.map((id) => ({ id, ...SETTINGS_TEXTS.privacyToggles[id], checked: settings[id] }));
  return (
    <div className="flex flex-col gap-6">
      <ToggleList items={items} onChange={(id, checked) => onChange({ [id]: checked })} disabled={disabled} />
      <section
        aria-labelledby="danger-zone-title"
        className="flex flex-col gap-3 rounded-xl border border-destructive/50 bg-primary-soft p-4"
      >
        <h3 id="danger-zone-title" className="font-semibold text-primary-text">
          {SETTINGS_TEXTS.dangerZone}
        </h3>
        <p className="text-sm text-foreground">{SETTINGS_TEXTS.dangerZoneDescription}</p>
        <Button variant="destructive" className="self-start" onClick={onDeleteAccount}>
          <Trash2 aria-hidden />
          {SETTINGS_TEXTS.deleteAccount}
        </Button>
      </section>
    </div>
  );
}
