import { ArrowLeft, Inbox, Phone, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import type { DevSmsMessage } from '#shared/schemas/dev-sms';
import { DEV_OUTBOX_TEXTS } from '#shared/dev-outbox-texts';
import { PLACEHOLDER_TEXTS } from '#shared/ui-texts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isOutboxUnavailable, useSmsOutbox } from '../api/get-sms-outbox';
import { PhoneNumber } from '../../../components/phone-number';

/** /outbox: the texts and calls the dev SMS outbox "sent" (recipient, body or spoken words, time), newest first. */
export function SmsOutboxPage({ homePath }: { homePath: string }) {
  const outbox = useSmsOutbox();
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
      <header className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label={PLACEHOLDER_TEXTS.backHome}>
          <Link to={homePath}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <h1 className="flex-1 text-xl font-bold">{DEV_OUTBOX_TEXTS.title}</h1>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching || isOutboxUnavailable(outbox.error)}
        >
          <RefreshCw className={outbox.isFetching ? 'motion-safe:animate-spin' : undefined} aria-hidden />
          {DEV_OUTBOX_TEXTS.refresh}
        </Button>
      </header>
      <p className="text-sm text-muted-foreground">{DEV_OUTBOX_TEXTS.description}</p>
      <OutboxBody outbox={outbox} />
    </main>
  );
}

function OutboxBody({ outbox }: { outbox: ReturnType<typeof useSmsOutbox> }) {
  if (outbox.isPending) {
    return (
      <div className="flex justify-center py-8" aria-busy>
        <Spinner className="text-muted-foreground" />
      </div>
    );
  }
  if (outbox.isError) {
    return (
      <Card className="p-5" role="status">
        <p>
          {isOutboxUnavailable(outbox.error) ? DEV_OUTBOX_TEXTS.unavailable : DEV_OUTBOX_TEXTS.loadFailed}
        </p>
      </Card>
    );
  }
  if (outbox.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center text-muted-foreground">
        <Inbox className="size-6" aria-hidden />
        <p>{DEV_OUTBOX_TEXTS.empty}</p>
      </Card>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label={DEV_OUTBOX_TEXTS.title}>
      {outbox.data.map((message) => (
        <OutboxMessage key={message.id} message={message} />
      ))}
    </ol>
  );
}

function OutboxMessage({ message }: { message: DevSmsMessage }) {
  const failed = message.status === 'failed';
  const call = message.channel === 'voice';
  return (
    <li>
      <Card
        className={cn('flex flex-col gap-2 p-4', failed && 'border-destructive/50')}
        data-testid="outbox-message"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold">
            {DEV_OUTBOX_TEXTS.to}{' '}
            <span className="tabular-nums">
              <PhoneNumber value={message.to} />
            </span>
          </span>
          <time dateTime={message.created_at} className="text-muted-foreground">
            {new Date(message.created_at).toLocaleString()}
          </time>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {call ? (
            <Badge tone="info" className="gap-1">
              <Phone className="size-3" aria-hidden />
              {DEV_OUTBOX_TEXTS.call}
            </Badge>
          ) : null}
          <Badge tone={failed ? 'danger' : 'neutral'}>
            {failed ? DEV_OUTBOX_TEXTS.failed : DEV_OUTBOX_TEXTS.kept}
          </Badge>
          {failed ? (
            <span className="text-primary-text">
              {message.error ? DEV_OUTBOX_TEXTS.reason(message.error) : DEV_OUTBOX_TEXTS.unknownReason}
            </span>
          ) : null}
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">
          {call ? <span className="text-muted-foreground">{DEV_OUTBOX_TEXTS.callWords} </span> : null}
          <LinkedText text={message.body} />
        </p>
      </Card>
    </li>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** The text with its web addresses as links (a map link, the live-tracking link), so they can be opened. */
function LinkedText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary-text underline underline-offset-2"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}
