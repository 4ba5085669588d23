import type { ProfileSettings } from '#shared/schemas/profile';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { ToggleList } from './toggle-list';

type NotificationKey = 'emergencyAlerts' | 'locationSharing';
/** Check-in Reminders is not offered: check-ins are not built (the profile field stays for when they are). */
const KEYS: NotificationKey[] = ['emergencyAlerts', 'locationSharing'];

type Props = {
  settings: ProfileSettings;
  onChange: (change: Partial<ProfileSettings>) => void;
  disabled?: boolean;
};

export function NotificationSettingsSection({ settings, onChange, disabled }: Props) {
  const items = KEYS.map((id) => ({ id, ...SETTINGS_TEXTS.notificationToggles[id], checked: settings[id] }));
  return (
    <ToggleList items={items} onChange={(id, checked) => onChange({ [id]: checked })} disabled={disabled} />
  );
}
