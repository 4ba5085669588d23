import { FileText, LifeBuoy, LogOut, Shield } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { ListRowButton } from '../../../components/ui/list-row';

type Props = {
  onSignOut: () => void;
  signingOut?: boolean;
  /** More rows composed by the host (e.g. the dev SMS outbox link, when it exists). */
  extraLinks?: ReactNode;
};

function notAvailableYet(): void {
  toast.info(SETTINGS_TEXTS.notAvailableYet, { description: SETTINGS_TEXTS.notAvailableYetMessage });
}

export function AboutSection({ onSignOut, signingOut = false, extraLinks }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="flex items-center justify-between rounded-xl border p-4">
        <dt className="text-muted-foreground">{SETTINGS_TEXTS.version}</dt>
        <dd className="font-semibold">{SETTINGS_TEXTS.versionValue}</dd>
      </dl>
      <div className="flex flex-col gap-1">
        <ListRowButton
          icon={<Shield aria-hidden />}
          title={SETTINGS_TEXTS.privacyPolicy}
          onClick={notAvailableYet}
        />
        <ListRowButton
          icon={<FileText aria-hidden />}
          title={SETTINGS_TEXTS.termsOfService}
          onClick={notAvailableYet}
        />
        <ListRowButton
          icon={<LifeBuoy aria-hidden />}
          title={SETTINGS_TEXTS.contactSupport}
          onClick={notAvailableYet}
        />
        {extraLinks}
      </div>
      <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
        <LogOut aria-hidden />
        {SETTINGS_TEXTS.signOut}
      </Button>
    </div>
  );
}
