import { BellRing, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ESCALATION_SETTINGS_TEXTS } from '#shared/escalation-settings-texts';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { lazyDialog } from '../../../components/lazy-dialog';
import { ListRowButton } from '../../../components/ui/list-row';
import { useEscalationSettings } from '../api/escalation-settings';

const EscalationDialog = lazyDialog(
  () => import('./escalation-dialog').then((module) => module.EscalationDialog),
  (props: { open: boolean }) => props.open,
);

type Props = {
  userId: string;
  onManageContacts: () => void;
  /** The Safety PIN row (features/safety-pin), composed by the app. */
  safetyPin?: ReactNode;
  /** The last chance before a journey's alert (composed by app/). */
  lastChance?: ReactNode;
  /** "Test my safety network" (features/safety-network), composed by the app. */
  safetyNetwork?: ReactNode;
};

/**
 * Emergency Settings: the contacts, the last chance before a journey's alert texts them, what Beacon does when
 * nobody answers an alert (its dialog loads when first opened), the safety PIN and "Test my safety network".
 */
export function EmergencySettingsSection({
  userId,
  onManageContacts,
  safetyPin,
  lastChance,
  safetyNetwork,
}: Props) {
  const escalation = useEscalationSettings(userId);
  const [escalationOpen, setEscalationOpen] = useState(false);
  const seconds = escalation.data?.escalation_seconds;
  return (
    <div className="flex flex-col gap-1">
      <ListRowButton
        icon={<UsersRound aria-hidden />}
        title={SETTINGS_TEXTS.manageContacts}
        onClick={onManageContacts}
      />
      {lastChance}
      <ListRowButton
        icon={<BellRing aria-hidden />}
        title={ESCALATION_SETTINGS_TEXTS.rowTitle}
        description={
          seconds === undefined
            ? escalation.isError
              ? ESCALATION_SETTINGS_TEXTS.loadFailed
              : ESCALATION_SETTINGS_TEXTS.rowLoading
            : ESCALATION_SETTINGS_TEXTS.rowDescription(seconds)
        }
        disabled={!escalation.data}
        onClick={() => setEscalationOpen(true)}
      />
      <EscalationDialog
        open={escalationOpen}
        onOpenChange={setEscalationOpen}
        userId={userId}
        settings={escalation.data}
      />
      {safetyPin}
      {safetyNetwork}
    </div>
  );
}
