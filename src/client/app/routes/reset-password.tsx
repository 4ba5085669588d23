import { Link, useNavigate, useSearchParams } from 'react-router';
import { RECOVERY_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../lib/paths';
import { CenteredPage } from '../components/centered-page';

/** The recovery e-mail links here as /reset-password?token=… */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  return (
    <CenteredPage>
      {token ? (
        <ResetPasswordForm token={token} onDone={() => navigate(paths.home, { replace: true })} />
      ) : (
        <Card className="w-full">
          <CardHeader>
            <CardTitle as="h1">{RECOVERY_TEXTS.missingToken}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col">
            <Button asChild variant="outline">
              <Link to={paths.auth}>{RECOVERY_TEXTS.backToLogin}</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </CenteredPage>
  );
}
