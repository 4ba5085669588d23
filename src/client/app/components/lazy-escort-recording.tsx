import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The recording pieces of the escort screens and the active-alert screen, downloaded when those screens first
 * show them (the recording code is not part of those screens' own chunks).
 */
const escortRecording = () => import('../../features/recording/components/escort-video-monitoring');
const VideoMonitoringCard = lazy(async () => ({ default: (await escortRecording()).VideoMonitoringCard }));
const GuardianVideoMonitoringPanel = lazy(async () => ({
  default: (await escortRecording()).GuardianVideoMonitoringPanel,
}));
const AlertRecordingControls = lazy(async () => ({
  default: (await import('../../features/recording/components/alert-recording-controls'))
    .AlertRecordingControls,
}));

export function LazyVideoMonitoringCard() {
  return (
    <Suspense fallback={null}>
      <VideoMonitoringCard />
    </Suspense>
  );
}

export function LazyGuardianVideoMonitoringPanel(props: ComponentProps<typeof GuardianVideoMonitoringPanel>) {
  return (
    <Suspense fallback={null}>
      <GuardianVideoMonitoringPanel {...props} />
    </Suspense>
  );
}

export function LazyAlertRecordingControls(props: ComponentProps<typeof AlertRecordingControls>) {
  return (
    <Suspense fallback={null}>
      <AlertRecordingControls {...props} />
    </Suspense>
  );
}
