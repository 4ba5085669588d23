import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { DRILL_ROW_TEXTS } from '#shared/settings-texts';
import { lazyDialog } from '../../../components/lazy-dialog';
import { ListRowButton } from '../../../components/ui/list-row';

const DrillDialog = lazyDialog(
  () => import('./drill-dialog').then((module) => module.DrillDialog),
  (props) => props.open,
);

/** Emergency Settings' "Test my safety network" row; its screen loads when first opened. */
export function SafetyNetworkRow({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListRowButton
        icon={<FlaskConical aria-hidden />}
        title={DRILL_ROW_TEXTS.title}
        description={DRILL_ROW_TEXTS.description}
        onClick={() => setOpen(true)}
      />
      <DrillDialog open={open} onOpenChange={setOpen} userId={userId} />
    </>
  );
}
