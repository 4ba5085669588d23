import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { FIRST_RUN_TEXTS } from '#shared/readiness-texts';

/** Offered once, right after sign-up (docs/PRODUCT.md#dashboard): the way to the permissions screen. */
export function PermissionsOffer({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Card aria-labelledby="permissions-offer-title" className="flex flex-col gap-3 border-primary/40 p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-text [&_svg]:size-5">
          <KeyRound aria-hidden />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="permissions-offer-title" className="text-lg font-semibold">
            {FIRST_RUN_TEXTS.title}
          </h2>
          <p className="text-sm text-muted-foreground">{FIRST_RUN_TEXTS.description}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.permissions} className={buttonClasses('primary', 'md')}>
          {FIRST_RUN_TEXTS.setUp}
        </Link>
        <Button variant="ghost" onClick={onDismiss}>
          {FIRST_RUN_TEXTS.notNow}
        </Button>
      </div>
    </Card>
  );
}
