import { UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { ListRowButton } from '../../../components/ui/list-row';

type Props = {
  onManageContacts: () => void;
  /** The Safety PIN row (features/safety-pin), composed by the app. */
  safetyPin?: ReactNode;
};

/** Emergency Settings: the contacts and the safety PIN. (Check-ins are not built, so there is no entry for them.) */
export function EmergencySettingsSection({ onManageContacts, safetyPin }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <ListRowButton
        icon={<UsersRound aria-hidden />}
        title={SETTINGS_TEXTS.manageContacts}
        onClick={onManageContacts}
      />
      {safetyPin}
    </div>
  );
}
