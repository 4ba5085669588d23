import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_DELETED_TEXTS } from '#shared/contact-texts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { accountDeletedHere, forgetAccountDeletedHere } from '../../lib/account-deleted-here';
import { paths } from '../../lib/paths';
import { clearMeetingLog } from '../../lib/meeting-log/meeting-log-store';
import { clearSession, getSession } from '../../lib/session-store';
import { CenteredPage } from '../components/centered-page';

/** What Delete Account navigates here with. */
export type AccountDeletedState = { endSession: true };

/**
 * /account-deleted: where Delete Account ends, so the person knows it is done and where to go next. Arriving from
 * a deletion, it ends the session once shown: ended earlier, the signed-in screen being left would send the
 * person to the sign-in card instead.
 */
export function AccountDeletedRoute() {
  const state = useLocation().state as Partial<AccountDeletedState> | null;
  const endSession = state?.endSession === true;
  useEffect(() => {
    if (!endSession) return;
    // Whom the person met, and their photos, go with the account: nobody can sign in to them any more. The
    // session may have ended already (a request refused once the account was gone): the deletion says whose.
    const userId = accountDeletedHere()?.userId ?? getSession()?.user.id;
    if (userId) clearMeetingLog(userId);
    clearSession();
    forgetAccountDeletedHere();
  }, [endSession]);
  return (
    <CenteredPage>
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheck className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold">{ACCOUNT_DELETED_TEXTS.title}</h1>
        <p className="text-muted-foreground">{ACCOUNT_DELETED_TEXTS.description}</p>
        <Button asChild>
          <Link to={paths.home}>{ACCOUNT_DELETED_TEXTS.start}</Link>
        </Button>
      </Card>
    </CenteredPage>
  );
}
