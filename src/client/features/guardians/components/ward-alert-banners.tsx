import { lazy, Suspense, useEffect } from 'react';
import type { WardJourneysResponse } from '#shared/schemas/journey';
import { paths } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import { useWards } from '../api/get-wards';
import { useWardActivity } from '../hooks/ward-activity-context';
import { useWarningInterruption } from '../hooks/use-warning-interruption';
import { dismissWarning, useDismissedWarnings } from '../stores/warning-dismissals';
import { wardBanners } from '../utils/ward-banners';
import { warningBanners } from '../utils/warning-banners';
import { whenIdleAfterFirstPaint } from '../../../lib/first-paint';

// Not part of the first download (README, "Bundle budget"), but fetched as soon as any signed-in screen has shown,
// so it is ready before an alert can arrive rather than loaded at that moment (the service worker also has it).
const loadWardAlertBanner = () => import('./ward-alert-banner');
const WardAlertBanner = lazy(async () => ({ default: (await loadWardAlertBanner()).WardAlertBanner }));
const loadWardWarningBanner = () => import('./ward-warning-banner');
const WardWarningBanner = lazy(async () => ({ default: (await loadWardWarningBanner()).WardWarningBanner }));

/** "<name> is safe" leaves on its own after a while (utils/ward-banners.ts); checked this often. */
const SAFE_NOTICE_CHECK_MS = 60_000;

type WardAlertBannersProps = {
  userId: string;
  /** Where "Open Guardian View" leads; omitted on the guardian view itself. */
  guardianViewPath?: string;
  /** GET /api/wards/journeys (loaded by app/, which owns the journeys feature): the wards' journey warnings. */
  journeys?: WardJourneysResponse;
};

/**
 * At most one banner per ward on top of every signed-in screen (docs/PRODUCT.md#guardians-see-one-calm-picture):
 * their newest open alert with a count of earlier ones, loud until "Seen", then quiet while it stays open; then
 * "<name> is safe" once they end it. Below the alerts, never above them, a ward's journey warning (their phone went
 * quiet, or its battery is nearly empty) until "Got it" or the journey's end. A stack of alerts must never push
 * the guardian's own SOS off the screen.
 */
export function WardAlertBanners({ userId, guardianViewPath, journeys }: WardAlertBannersProps) {
  useEffect(() => {
    void whenIdleAfterFirstPaint('warm', () => Promise.all([loadWardAlertBanner(), loadWardWarningBanner()]));
  }, []);
  const now = useNow(SAFE_NOTICE_CHECK_MS);
  const { alerts, dismiss } = useWardActivity(userId);
  const banners = wardBanners(alerts, now);
  const dismissed = useDismissedWarnings(userId);
  const alertWards = new Set(banners.filter((banner) => banner.state === 'active').map((b) => b.ward_id));
  const warnings = warningBanners(journeys, { dismissed, alertWards });
  useWarningInterruption(warnings);
  const wards = useWards(userId, { enabled: banners.length + warnings.length > 0 });
  if (banners.length === 0 && warnings.length === 0) return null;
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
      {warnings.map((banner) => (
        <Suspense key={`warning-${banner.ward_id}`} fallback={null}>
          <WardWarningBanner
            banner={banner}
            wardName={nameOf(banner.ward_id)}
            guardianViewPath={guardianViewPath ?? paths.guardianView}
            onDismiss={() => dismissWarning(userId, banner.key)}
          />
        </Suspense>
      ))}
    </div>
  );
}
