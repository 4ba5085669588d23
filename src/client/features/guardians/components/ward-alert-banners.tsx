import { lazy, Suspense, useEffect } from 'react';
import { useWards } from '../api/get-wards';
import { useWardActivity } from '../hooks/ward-activity-context';

// Not part of the first download (README, "Bundle budget"), but fetched as soon as any signed-in screen has shown,
// so it is ready before an alert can arrive rather than loaded at that moment (the service worker also has it).
const loadWardAlertBanner = () => import('./ward-alert-banner');
const WardAlertBanner = lazy(async () => ({ default: (await loadWardAlertBanner()).WardAlertBanner }));

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
  useEffect(() => {
    void loadWardAlertBanner();
  }, []);
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
