import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { COMMON_TEXTS, NOT_FOUND_TEXTS } from '#shared/ui-texts';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { CenteredPage } from '../components/centered-page';

/** A screen crashed: say so plainly and offer the way home instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Screen failed to render', error);
  }, [error]);
  return (
    <CenteredPage>
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold">{COMMON_TEXTS.unexpectedResponse}</h1>
        <Button asChild variant="outline">
          <Link to={paths.home} reloadDocument>
            {NOT_FOUND_TEXTS.returnHome}
          </Link>
        </Button>
      </div>
    </CenteredPage>
  );
}
