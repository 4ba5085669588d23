import { CircleCheck, FlaskConical } from 'lucide-react';
import { DRILL_VIEW_TEXTS } from '#shared/drill-texts';
import type { ResponderView } from '#shared/schemas/responder';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { notifyError } from '../../../lib/notify-error';
import { useRespond } from '../api/responder-api';

/**
 * The contact's page for a drill ("Test my safety network"): TEST, nothing is wrong, and one button to confirm the
 * text arrived. No position, no emergency colours, no "on my way".
 */
export function DrillAnswer({ code, view }: { code: string; view: ResponderView }) {
  const respond = useRespond(code);
  const ended = view.state === 'resolved';
  const confirmed = view.you.response !== null;
  return (
    <Card data-testid="responder-drill">
      <CardHeader>
        <CardTitle as="h1" className="flex items-start gap-2">
          <FlaskConical className="mt-1 size-5 shrink-0 text-info" aria-hidden />
          {DRILL_VIEW_TEXTS.banner(view.first_name)}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p>{ended && !confirmed ? DRILL_VIEW_TEXTS.ended : DRILL_VIEW_TEXTS.nothingWrong}</p>
        {confirmed ? (
          <p
            role="status"
            className="flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 font-medium"
          >
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            {DRILL_VIEW_TEXTS.confirmed}
          </p>
        ) : ended ? null : (
          <Button
            size="lg"
            // Calm, not the red of an emergency.
            variant="outline"
            disabled={respond.isPending}
            onClick={() =>
              respond.mutate({ response: 'acknowledged' }, { onError: (error) => notifyError(error) })
            }
          >
            <CircleCheck aria-hidden />
            {DRILL_VIEW_TEXTS.confirm}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
