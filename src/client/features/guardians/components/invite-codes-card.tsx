import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import type { InviteCode } from '#shared/schemas/guardian';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDayTime, formatRemaining } from '../../../lib/time-format';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useNow } from '../../../lib/use-now';
import { useCreateInviteCode } from '../api/create-invite-code';
import { useInviteCodes } from '../api/get-invite-codes';

const COUNTDOWN_TICK_MS = 30_000;

/** Generate Invite Code, with the list of the person's unused codes, each with its expiry and a copy button. */
export function InviteCodesCard({ userId }: { userId: string }) {
  const titleId = useId();
  const codes = useInviteCodes(userId);
  const create = useCreateInviteCode(userId);
  const now = useNow(COUNTDOWN_TICK_MS);
  const { copiedKey, copy } = useCopyToClipboard();
  const usable = (codes.data ?? []).filter((code) => formatRemaining(code.expires_at, now) !== null);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{GUARDIAN_PAGE_TEXTS.codesTitle}</CardTitle>
        <CardDescription>{GUARDIAN_PAGE_TEXTS.codesDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button onClick={() => create.mutate()} disabled={create.isPending} className="self-start">
          <KeyRound aria-hidden />
          {create.isPending ? GUARDIAN_PAGE_TEXTS.generating : GUARDIAN_PAGE_TEXTS.generateCode}
        </Button>
        {codes.isPending ? (
          <Spinner className="text-muted-foreground" />
        ) : usable.length === 0 ? (
          <p className="text-sm text-muted-foreground">{GUARDIAN_PAGE_TEXTS.noCodes}</p>
        ) : (
          <ul
            aria-label={GUARDIAN_PAGE_TEXTS.codesListLabel}
            className="flex flex-col divide-y rounded-xl border"
          >
            {usable.map((code) => (
              <InviteCodeRow
                key={code.id}
                code={code}
                now={now}
                copied={copiedKey === code.id}
                onCopy={() => void copy(code.code, code.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type InviteCodeRowProps = { code: InviteCode; now: number; copied: boolean; onCopy: () => void };

function InviteCodeRow({ code, now, copied, onCopy }: InviteCodeRowProps) {
  const remaining = formatRemaining(code.expires_at, now);
  return (
    <li aria-label={GUARDIAN_PAGE_TEXTS.codeItemLabel(code.code)} className="flex items-center gap-3 p-3">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-mono text-lg font-semibold tracking-widest">{code.code}</span>
        <span className="text-sm text-muted-foreground">
          <time dateTime={code.expires_at} title={formatDayTime(code.expires_at)}>
            {remaining ? GUARDIAN_PAGE_TEXTS.expiresIn(remaining) : GUARDIAN_PAGE_TEXTS.expired}
          </time>
        </span>
      </div>
      <CopyButton label={GUARDIAN_PAGE_TEXTS.copyCode(code.code)} copied={copied} onCopy={onCopy} />
    </li>
  );
}
