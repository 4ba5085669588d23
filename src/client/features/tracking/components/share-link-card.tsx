import { Ban, Link2 } from 'lucide-react';
import { useId } from 'react';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import type { ShareLink } from '#shared/schemas/share-link';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { formatDayTime } from '../../../lib/time-format';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useNow } from '../../../lib/use-now';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

const EXPIRY_TICK_MS = 30_000;

type ShareLinkCardProps = {
  userId: string;
  /** The profile's location_sharing_enabled; when off, links show no position and the card says why. */
  sharingEnabled: boolean;
};

/**
 * Generate Share Link with a copy button, the link's expiry, and the active links with Revoke
 * (docs/PRODUCT.md#live-location-and-share-links).
 */
export function ShareLinkCard({ userId, sharingEnabled }: ShareLinkCardProps) {
  const titleId = useId();
  const links = useShareLinks(userId);
  const create = useCreateShareLink(userId);
  const revoke = useRevokeShareLink(userId);
  const now = useNow(EXPIRY_TICK_MS);
  const { copiedKey, copy } = useCopyToClipboard();
  const active = (links.data ?? [])
    .filter((link) => link.is_active && Date.parse(link.expires_at) > now)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{GUARDIAN_PAGE_TEXTS.shareTitle}</CardTitle>
        <CardDescription>{GUARDIAN_PAGE_TEXTS.shareDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!sharingEnabled ? (
          <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning">
            {GUARDIAN_PAGE_TEXTS.sharingOffNote}
          </p>
        ) : null}
        <Button
          variant="outline"
          onClick={() => create.mutate()}
          disabled={create.isPending}
          className="self-start"
        >
          <Link2 aria-hidden />
          {create.isPending ? GUARDIAN_PAGE_TEXTS.generating : GUARDIAN_PAGE_TEXTS.generateShareLink}
        </Button>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{GUARDIAN_PAGE_TEXTS.activeLinksTitle}</h3>
          {active.length === 0 ? (
            <p className="text-sm text-muted-foreground">{GUARDIAN_PAGE_TEXTS.noActiveLinks}</p>
          ) : (
            <ul aria-label={GUARDIAN_PAGE_TEXTS.activeLinksTitle} className="flex flex-col gap-3">
              {active.map((link) => (
                <ShareLinkRow
                  key={link.id}
                  link={link}
                  copied={copiedKey === link.id}
                  onCopy={() => void copy(link.url, link.id)}
                  revoking={revoke.isPending && revoke.variables === link.id}
                  onRevoke={() => revoke.mutate(link.id)}
                />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

type ShareLinkRowProps = {
  link: ShareLink;
  copied: boolean;
  onCopy: () => void;
  revoking: boolean;
  onRevoke: () => void;
};

function ShareLinkRow({ link, copied, onCopy, revoking, onRevoke }: ShareLinkRowProps) {
  const inputId = useId();
  const expires = formatDayTime(link.expires_at);
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-3">
      <label htmlFor={inputId} className="sr-only">
        {GUARDIAN_PAGE_TEXTS.shareLinkLabel}
      </label>
      <Input
        id={inputId}
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
        className="h-9 font-mono text-sm"
      />
      {link.sent_with_alert ? (
        <p className="text-sm text-muted-foreground">{GUARDIAN_PAGE_TEXTS.sentWithAlert}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={link.expires_at} className="text-sm text-muted-foreground">
          {GUARDIAN_PAGE_TEXTS.shareExpires(expires)}
        </time>
        <div className="flex gap-2">
          <CopyButton label={GUARDIAN_PAGE_TEXTS.copyShareLink} copied={copied} onCopy={onCopy} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={GUARDIAN_PAGE_TEXTS.revokeLink(expires)}
            disabled={revoking}
            onClick={onRevoke}
          >
            <Ban aria-hidden />
            {GUARDIAN_PAGE_TEXTS.revoke}
          </Button>
        </div>
      </div>
    </li>
  );
}
