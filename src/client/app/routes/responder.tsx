import { useParams } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { Logo } from '../../components/logo';
import { ResponderPage } from '../../features/responder/components/responder-page';

/** /r/:code: the emergency contact's page from their SOS text; public, outside the app shell (no sign-in). */
export function ResponderRoute() {
  const { code = '' } = useParams();
  return (
    <ResponderPage
      code={code}
      brand={
        <>
          <Logo />
          <span className="font-bold">{APP_NAME}</span>
        </>
      }
    />
  );
}
