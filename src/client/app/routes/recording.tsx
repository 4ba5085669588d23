import { useNavigate, useParams } from 'react-router';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { RecordingPage } from '../../features/recording/components/recording-page';
import { paths } from '../../lib/paths';
import { SubPage } from '../components/sub-page';
import { useRequiredSession } from '../hooks/use-required-session';

/** /recordings/:id: one emergency recording, for its owner or an active guardian of theirs. */
export function RecordingRoute() {
  const { id = '' } = useParams();
  const viewerId = useRequiredSession().user.id;
  const navigate = useNavigate();
  return (
    <SubPage title={RECORDING_TEXTS.pageTitle} backTo={paths.home} backLabel={RECORDING_TEXTS.back}>
      <RecordingPage recordingId={id} viewerId={viewerId} onDeleted={() => void navigate(paths.home)} />
    </SubPage>
  );
}
