import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { Logo } from '../../components/logo';
import { TrackPage } from '../../features/tracking/components/track-page';

/** The recordings' player and Verify download only when the link has recordings to play. */
const SharedRecordings = lazy(async () => ({
  default: (await import('../../features/recording/components/shared-recordings')).SharedRecordings,
}));

/** /track/:shareCode: public, outside the app shell (no sign-in, no bottom navigation). */
export function TrackRoute() {
  const { shareCode = '' } = useParams();
  return (
    <TrackPage
      shareCode={shareCode}
      recordings={(track) =>
        track.recordings.length > 0 ? (
          <Suspense fallback={null}>
            <SharedRecordings shareCode={shareCode} recordings={track.recordings} />
          </Suspense>
        ) : null
      }
      brand={
        <>
          <Logo />
          <span className="font-bold">{APP_NAME}</span>
        </>
      }
    />
  );
}
