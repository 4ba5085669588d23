import { lazy, Suspense, useEffect } from 'react';
import { useNow } from '../../../lib/use-now';
import { useWards } from '../api/get-wards';
import { useWardActivity } from '../hooks/ward-activity-context';
import { wardBanners } from '../utils/ward-banners';
import { afterFirstPaint } from '../../../lib/first-paint';

// Not part of the first download (README, "Bundle budget"), but fetched as soon as any signed-in screen has shown,
// so it is ready before an alert can arrive rather than loaded at that moment (the service worker also has it).
const loadWardAlertBanner = () => import('./ward-alert-banner');
const WardAlertBanner = lazy(async () => ({ default: (await loadWardAlertBanner()).WardAlertBanner }));

/** "<name> is safe" leaves on its own after a while (utils/ward-banners.ts); checked this often. */
const SAFE_NOTICE_CHECK_MS = 60_000;

type WardAlertBannersProps = {
  userId: string;
  /** Where "Open Guardian View" leads; omitted on the guardian view itself. */
  guardianViewPath?: string;
};

/**
 * At most one banner per ward on top of every signed-in screen (docs/PRODUCT.md#guardians-see-one-calm-picture):
 * their newest open alert with a count of earlier ones, loud until "Seen", then quiet while it stays open; then
 * "<name> is safe" once they end it. A stack of alerts must never push the guardian's own SOS off the screen.
 */
export function WardAlertBanners({ userId, guardianViewPath }: WardAlertBannersProps) {
  useEffect(() => {
    void afterFirstPaint().then(loadWardAlertBanner);
  }, []);
  const now = useNow(SAFE_NOTICE_CHECK_MS);
  const { alerts, dismiss } = useWardActivity(userId);
  const banners = wardBanners(alerts, now);
  const wards = useWards(userId, { enabled: banners.length > 0 });
  if (banners.length === 0) return null;
  const nameOf = (wardId: string): string =>
    wards.data?.find((ward) => ward.ward_id === wardId)?.full_name ?? '';
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-2 px-4 pt-4">
      {banners.map((banner) => (
        <Suspense key={banner.ward_id} fallback={null}>
          <WardAlertBanner
            banner={banner}
            wardName={nameOf(banner.ward_id)}
            guardianViewPath={guardianViewPath}
            userId={userId}
            onClose={() => dismiss(banner.entry)}
          />
        </Suspense>
      ))}
    </div>
  );
}
