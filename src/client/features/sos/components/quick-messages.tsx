import { MessageSquareText } from 'lucide-react';
import { SOS_TEXTS } from '#shared/ui-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';

type QuickMessagesProps = {
  onSelect: (message: string) => void;
  disabled?: boolean;
};

/**
 * Three quick messages (docs/PRODUCT.md#sos-and-alerts). Each is really texted to every contact, after a
 * confirmation.
 */
export function QuickMessages({ onSelect, disabled = false }: QuickMessagesProps) {
  return (
    <Card className="p-5">
      <CardTitle as="h2">{SOS_TEXTS.quickMessagesTitle}</CardTitle>
      <CardDescription className="mt-1">{SOS_TEXTS.quickMessagesDescription}</CardDescription>
      <ul className="mt-3 flex flex-col gap-2">
        {SOS_TEXTS.quickMessages.map((message) => (
          <li key={message}>
            <button
              type="button"
              className={cn(
                'flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-lg border border-input bg-card px-4 py-3 text-left text-sm font-medium transition-colors hover:bg-muted',
                'disabled:pointer-events-none disabled:opacity-50',
                focusRing,
              )}
              onClick={() => onSelect(message)}
              disabled={disabled}
            >
              <MessageSquareText className="size-4 shrink-0 text-primary-text" aria-hidden />
              {message}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
