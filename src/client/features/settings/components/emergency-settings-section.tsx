import { UsersRound } from 'lucide-react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { ListRowButton } from '../../../components/ui/list-row';

type Props = { onManageContacts: () => void };

/** Emergency Settings: the contacts. (Check-ins are not built, so there is no entry for them.) */
export function EmergencySettingsSection({ onManageContacts }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <ListRowButton
        icon={<UsersRound aria-hidden />}
        title={SETTINGS_TEXTS.manageContacts}
        onClick={onManageContacts}
      />
    </div>
  );
}
