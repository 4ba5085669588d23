import { APP_NAME } from '#shared/constants';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { Logo } from '../../../components/logo';
import { Spinner } from '../../../components/ui/spinner';

/**
 * Shown while a renewal the server refused signs the person out, and to a signed-out visitor until the server's
 * health is known (docs/PRODUCT.md#dashboard). A stored session's screens never wait behind it.
 */
export function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-background"
    >
      <Logo size="md" />
      <p className="text-2xl font-bold">{APP_NAME}</p>
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {COMMON_TEXTS.loading}
      </p>
    </div>
  );
}
