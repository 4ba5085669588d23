import { Clock, UsersRound } from 'lucide-react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { ListRowButton } from '../../../components/ui/list-row';

type Props = { onManageContacts: () => void; onConfigureCheckIns: () => void };

export function EmergencySettingsSection({ onManageContacts, onConfigureCheckIns }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <ListRowButton
        icon={<UsersRound aria-hidden />}
        title={SETTINGS_TEXTS.manageContacts}
        onClick={onManageContacts}
      />
      <ListRowButton
        icon={<Clock aria-hidden />}
        title={SETTINGS_TEXTS.configureCheckIns}
        onClick={onConfigureCheckIns}
      />
    </div>
  );
}
