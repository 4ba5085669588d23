import { useParams } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { Logo } from '../../components/logo';
import { TrackPage } from '../../features/tracking/components/track-page';

/** /track/:shareCode: public, outside the app shell (no sign-in, no bottom navigation). */
export function TrackRoute() {
  const { shareCode = '' } = useParams();
  return (
    <TrackPage
      shareCode={shareCode}
      brand={
        <>
          <Logo />
          <span className="font-bold">{APP_NAME}</span>
        </>
      }
    />
  );
}
