import { ServerCrash } from 'lucide-react';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** The backend does not answer its health check (docs/PRODUCT.md#dashboard). */
export function BackendUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="w-full">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
          <ServerCrash className="size-6" aria-hidden />
        </span>
        <CardTitle as="h1">{DASHBOARD_TEXTS.backendTitle}</CardTitle>
        <CardDescription>{DASHBOARD_TEXTS.backendMessage}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col">
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {DASHBOARD_TEXTS.retry}
        </Button>
      </CardContent>
    </Card>
  );
}
