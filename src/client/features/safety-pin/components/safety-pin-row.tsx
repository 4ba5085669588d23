import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { SAFETY_PIN_SETTINGS_TEXTS } from '#shared/safety-pin-texts';
import { lazyDialog } from '../../../components/lazy-dialog';
import { ListRowButton } from '../../../components/ui/list-row';
import { useSafetyPinStatus } from '../api/safety-pin-api';

const SafetyPinSettingsDialog = lazyDialog(
  () => import('./safety-pin-settings-dialog').then((module) => module.SafetyPinSettingsDialog),
  (props) => props.open,
);

/** Emergency Settings' Safety PIN row: on or off, and the dialog that sets, changes or removes the PINs. */
export function SafetyPinRow({ userId }: { userId: string }) {
  const status = useSafetyPinStatus(userId);
  const [open, setOpen] = useState(false);
  const pinSet = status.data?.safety_pin_set ?? false;
  return (
    <>
      <ListRowButton
        icon={<KeyRound aria-hidden />}
        title={SAFETY_PIN_SETTINGS_TEXTS.rowTitle}
        description={
          status.data
            ? pinSet
              ? SAFETY_PIN_SETTINGS_TEXTS.rowOn
              : SAFETY_PIN_SETTINGS_TEXTS.rowOff
            : undefined
        }
        onClick={() => setOpen(true)}
      />
      <SafetyPinSettingsDialog open={open} onOpenChange={setOpen} userId={userId} pinSet={pinSet} />
    </>
  );
}
