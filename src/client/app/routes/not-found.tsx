import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { NOT_FOUND_TEXTS } from '#shared/ui-texts';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { CenteredPage } from '../components/centered-page';

/** Any unknown path (docs/PRODUCT.md#screens-and-routes); the path is logged so broken links can be found. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(NOT_FOUND_TEXTS.logMessage, pathname);
  }, [pathname]);
  return (
    <CenteredPage>
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-6xl font-bold text-primary-text">{NOT_FOUND_TEXTS.code}</p>
        <h1 className="text-2xl font-semibold">{NOT_FOUND_TEXTS.title}</h1>
        <Button asChild variant="outline">
          <Link to={paths.home}>{NOT_FOUND_TEXTS.returnHome}</Link>
        </Button>
      </div>
    </CenteredPage>
  );
}
