import { Link, useNavigate, useSearchParams } from 'react-router';
import { localPathRule } from '#shared/schemas/auth';
import { RECOVERY_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../lib/paths';
import { CenteredPage } from '../components/centered-page';

/**
 * The recovery e-mail links here as /reset-password?token=…, with `redirect_to` when the app that asked for the
 * e-mail named a page to go to once the new password is set (only a page of this site; else the dashboard).
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const landing = localPathRule.safeParse(params.get('redirect_to'));
  return (
    <CenteredPage>
      {token ? (
        <ResetPasswordForm
          token={token}
          onDone={() => navigate(landing.success ? landing.data : paths.home, { replace: true })}
        />
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
