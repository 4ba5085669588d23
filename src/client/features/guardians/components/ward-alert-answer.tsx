import { Car, Phone } from 'lucide-react';
import { useId } from 'react';
import { CHOSEN_RESPONSES } from '#shared/alert-life';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useRespondToAlert } from '../api/respond-to-alert';
import type { WardAlertRecord } from '../utils/ward-alerts';

const ICONS = { on_my_way: Car, calling: Phone } as const;

type WardAlertAnswerProps = {
  /** The guardian answering. */
  viewerId: string;
  entry: WardAlertRecord;
  wardName: string;
  /** Drawn on the red banner: light text, white buttons. */
  onDanger?: boolean;
};

/**
 * A guardian tells the ward they are coming: "I'm on my way" or "I'm calling them" (the person sees it at once on
 * their alert screen), their own answer once given, with the other one to change it, and who else has answered.
 * Only for an alert still open.
 */
export function WardAlertAnswer({ viewerId, entry, wardName, onDanger = false }: WardAlertAnswerProps) {
  const respond = useRespondToAlert(viewerId);
  const listId = useId();
  const mine = entry.my_response ?? null;
  const responses = entry.responses ?? [];
  const choices = CHOSEN_RESPONSES.filter((choice) => choice !== mine);
  return (
    <div data-testid="ward-alert-answer" className="flex flex-col gap-2">
      {mine ? (
        <p role="status" data-testid="my-answer" className="text-sm font-semibold">
          {ALERT_RESPONSE_TEXTS.youAnswered(mine)}
        </p>
      ) : null}
      <div
        role="group"
        aria-label={mine ? ALERT_RESPONSE_TEXTS.changeAnswer : ALERT_RESPONSE_TEXTS.answerGroup(wardName)}
        className="flex flex-wrap gap-2"
      >
        {choices.map((choice, index) => {
          const Icon = ICONS[choice];
          return (
            <Button
              key={choice}
              size={mine ? 'sm' : 'md'}
              variant={onDanger ? 'secondary' : index === 0 && !mine ? 'primary' : 'outline'}
              className={cn(onDanger && 'bg-white text-red-800 hover:bg-red-50')}
              disabled={respond.isPending}
              onClick={() => respond.mutate({ alertId: entry.alert.id, response: choice })}
            >
              <Icon aria-hidden />
              {ALERT_LIFE_TEXTS.responseButtons[choice]}
            </Button>
          );
        })}
      </div>
      {responses.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4
            id={listId}
            className={cn('text-xs font-semibold', onDanger ? 'text-white' : 'text-muted-foreground')}
          >
            {ALERT_RESPONSE_TEXTS.respondersTitle}
          </h4>
          <ul
            aria-labelledby={listId}
            data-testid="ward-alert-responders"
            className="flex flex-col gap-0.5 text-sm"
          >
            {responses.map((response) => (
              <li key={response.id}>
                {ALERT_LIFE_TEXTS.responseLine[response.response](response.responder_name)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
