import type { ReactNode } from 'react';
import { UsersRound } from 'lucide-react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { ListRowButton } from '../../../components/ui/list-row';

type Props = {
  onManageContacts: () => void;
  /** The last chance before a journey's alert (composed by app/). */
  lastChance?: ReactNode;
};

/** Emergency Settings: the contacts, and the last chance before a journey's alert texts them. */
export function EmergencySettingsSection({ onManageContacts, lastChance }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <ListRowButton
        icon={<UsersRound aria-hidden />}
        title={SETTINGS_TEXTS.manageContacts}
        onClick={onManageContacts}
      />
      {lastChance}
    </div>
  );
}
