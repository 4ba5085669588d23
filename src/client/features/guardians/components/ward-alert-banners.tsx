import { lazy, Suspense } from 'react';
import { useWards } from '../api/get-wards';
import { useWardActivity } from '../hooks/ward-activity-context';

// A guardian rarely sees one: the banner's code loads when the first alert of a ward arrives, not with the app
// (the service worker has it precached, so this works offline too). README, "Bundle budget".
const WardAlertBanner = lazy(async () => ({
  default: (await import('./ward-alert-banner')).WardAlertBanner,
}));

type WardAlertBannersProps = {
  userId: string;
  /** Where "Open Guardian View" leads; omitted on the guardian view itself. */
  guardianViewPath?: string;
};

/**
 * A prominent red banner for each new alert of someone the person guards: when, why, where (a map link) and each
 * contact's text status, live. Shown at the top of every signed-in screen until dismissed.
 */
export function WardAlertBanners({ userId, guardianViewPath }: WardAlertBannersProps) {
  const { alerts, dismiss } = useWardActivity(userId);
  const open = alerts.filter((entry) => !entry.dismissed);
  const wards = useWards(userId, { enabled: open.length > 0 });
  if (open.length === 0) return null;
  const nameOf = (wardId: string): string =>
    wards.data?.find((ward) => ward.ward_id === wardId)?.full_name ?? '';
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-3 px-4 pt-4">
      {open.map((entry) => (
        <Suspense key={entry.alert.id} fallback={null}>
          <WardAlertBanner
            entry={entry}
            wardName={nameOf(entry.ward_id)}
            guardianViewPath={guardianViewPath}
            onDismiss={() => dismiss(entry)}
          />
        </Suspense>
      ))}
    </div>
  );
}
