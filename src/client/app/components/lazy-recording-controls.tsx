import { lazy, Suspense, type ComponentProps } from 'react';

/** The recording code (recorder, upload, texts) downloads when a screen offering it first shows. */
const RecordingControls = lazy(async () => ({
  default: (await import('../../features/recording/components/recording-controls')).RecordingControls,
}));

/** The emergency recording controls, loaded on demand; nothing shows until they have loaded. */
export function LazyRecordingControls(props: ComponentProps<typeof RecordingControls>) {
  return (
    <Suspense fallback={null}>
      <RecordingControls {...props} />
    </Suspense>
  );
}
