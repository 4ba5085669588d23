import { Check, Eye, UserMinus, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import { REQUEST_DECLINED_TEXTS } from '#shared/ward-banner-texts';
import type { GuardianRelationship, RelationshipParty } from '#shared/schemas/guardian';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDecideRelationship } from '../api/decide-relationship';
import { useEndRelationship } from '../api/end-relationship';
import { useRelationships } from '../api/get-relationships';
import { EndLinkDialog } from './end-link-dialog';

/** The other party of a relationship, seen from the person's side. */
function otherParty(relationship: GuardianRelationship): RelationshipParty {
  return relationship.role === 'guardian' ? relationship.ward : relationship.guardian;
}

function displayName(party: RelationshipParty): string {
  return party.full_name || party.email || GUARDIAN_PAGE_TEXTS.unknownName;
}

type SectionProps = {
  title: string;
  empty: string;
  items: GuardianRelationship[];
  loading: boolean;
  render: (r: GuardianRelationship) => ReactNode;
};

function RelationshipSection({ title, empty, items, loading, render }: SectionProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner className="text-muted-foreground" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul aria-labelledby={titleId} className="flex flex-col divide-y rounded-xl border">
            {items.map((relationship) => (
              <li key={relationship.id} aria-label={displayName(otherParty(relationship))} className="p-3">
                {render(relationship)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PartyLine({
  party,
  detail,
  note,
  badge,
}: {
  party: RelationshipParty;
  detail?: string;
  note?: string;
  /** The request's state when it needs saying ("Declined"). */
  badge?: string;
}) {
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <span className="font-medium break-words">{displayName(party)}</span>
      {party.email && party.full_name ? (
        <span className="text-sm break-all text-muted-foreground">{party.email}</span>
      ) : null}
      {detail ? <span className="text-sm font-medium text-foreground">{detail}</span> : null}
      {note ? <span className="text-sm text-muted-foreground">{note}</span> : null}
      {badge ? (
        <Badge tone="warning" className="mt-1 self-start">
          {badge}
        </Badge>
      ) : null}
    </div>
  );
}

/**
 * Pending Requests: the guardian sees 'Wants you as guardian' with Approve and Reject; the ward
 * sees 'Wants to be your guardian' and can only withdraw the request.
 * See docs/PRODUCT.md#guardians.
 */
export function PendingRequestsCard({ userId }: { userId: string }) {
  const relationships = useRelationships(userId);
  const decide = useDecideRelationship(userId);
  const end = useEndRelationship(userId);
  // A request the guardian declined stays on the ward's list, marked so, until they clear it: otherwise it would
  // simply vanish and they could not tell a "no" from a glitch.
  const pending = (relationships.data ?? []).filter(
    (relationship) =>
      relationship.status === 'pending' ||
      (relationship.status === 'rejected' && relationship.role === 'ward'),
  );
  const busy = (id: string): boolean =>
    (decide.isPending && decide.variables?.id === id) || (end.isPending && end.variables === id);

  return (
    <RelationshipSection
      title={GUARDIAN_PAGE_TEXTS.pendingTitle}
      empty={GUARDIAN_PAGE_TEXTS.noPending}
      items={pending}
      loading={relationships.isPending}
      render={(relationship) => {
        const party = otherParty(relationship);
        const name = displayName(party);
        if (relationship.role === 'guardian') {
          return (
            <div className="flex flex-col gap-3">
              <PartyLine party={party} detail={GUARDIAN_TEXTS.wantsYouAsGuardian} />
              <div className="flex gap-2">
                <Button
                  size="sm"
                  aria-label={GUARDIAN_PAGE_TEXTS.approveRequest(name)}
                  disabled={busy(relationship.id)}
                  onClick={() => decide.mutate({ id: relationship.id, status: 'active' })}
                >
                  <Check aria-hidden />
                  {GUARDIAN_PAGE_TEXTS.approve}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={GUARDIAN_PAGE_TEXTS.rejectRequest(name)}
                  disabled={busy(relationship.id)}
                  onClick={() => decide.mutate({ id: relationship.id, status: 'rejected' })}
                >
                  <X aria-hidden />
                  {GUARDIAN_PAGE_TEXTS.reject}
                </Button>
              </div>
            </div>
          );
        }
        const declined = relationship.status === 'rejected';
        return (
          <div className="flex items-center gap-3">
            <PartyLine
              party={party}
              detail={declined ? undefined : GUARDIAN_TEXTS.wantsToBeYourGuardian}
              note={declined ? undefined : GUARDIAN_PAGE_TEXTS.awaitingAnswer}
              badge={declined ? REQUEST_DECLINED_TEXTS.declined : undefined}
            />
            <Button
              size="icon"
              variant="ghost"
              aria-label={
                declined ? REQUEST_DECLINED_TEXTS.clear(name) : GUARDIAN_PAGE_TEXTS.cancelRequest(name)
              }
              disabled={busy(relationship.id)}
              onClick={() => end.mutate(relationship.id)}
            >
              <X aria-hidden />
            </Button>
          </div>
        );
      }}
    />
  );
}

/** An active link with an End link button that asks for confirmation. */
function ActiveLinkRow({
  relationship,
  userId,
  action,
}: {
  relationship: GuardianRelationship;
  userId: string;
  action?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const end = useEndRelationship(userId);
  const party = otherParty(relationship);
  const name = displayName(party);
  const description =
    relationship.role === 'ward'
      ? GUARDIAN_PAGE_TEXTS.endConfirmAsWard(party.full_name)
      : GUARDIAN_PAGE_TEXTS.endConfirmAsGuardian(party.full_name);
  return (
    <div className="flex flex-col gap-3">
      <PartyLine party={party} />
      <div className="flex flex-wrap gap-2">
        {action}
        <Button
          size="sm"
          variant="outline"
          aria-label={GUARDIAN_PAGE_TEXTS.endLinkWith(name)}
          onClick={() => setConfirming(true)}
        >
          <UserMinus aria-hidden />
          {GUARDIAN_PAGE_TEXTS.endLink}
        </Button>
      </div>
      <EndLinkDialog
        open={confirming}
        onOpenChange={setConfirming}
        description={description}
        ending={end.isPending}
        onConfirm={() => end.mutate(relationship.id, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}

/** Connected Guardians: the people watching over this person. */
export function ConnectedGuardiansCard({ userId }: { userId: string }) {
  const relationships = useRelationships(userId);
  const guardians = (relationships.data ?? []).filter(
    (relationship) => relationship.status === 'active' && relationship.role === 'ward',
  );
  return (
    <RelationshipSection
      title={GUARDIAN_PAGE_TEXTS.guardiansTitle}
      empty={GUARDIAN_PAGE_TEXTS.noGuardians}
      items={guardians}
      loading={relationships.isPending}
      render={(relationship) => <ActiveLinkRow relationship={relationship} userId={userId} />}
    />
  );
}

/** People I Guard: this person's active wards, each with a way into the guardian view. */
export function PeopleIGuardCard({ userId, guardianViewPath }: { userId: string; guardianViewPath: string }) {
  const relationships = useRelationships(userId);
  const wards = (relationships.data ?? []).filter(
    (relationship) => relationship.status === 'active' && relationship.role === 'guardian',
  );
  return (
    <RelationshipSection
      title={GUARDIAN_PAGE_TEXTS.wardsTitle}
      empty={GUARDIAN_PAGE_TEXTS.noWards}
      items={wards}
      loading={relationships.isPending}
      render={(relationship) => (
        <ActiveLinkRow
          relationship={relationship}
          userId={userId}
          action={
            <Button asChild size="sm">
              <Link
                to={`${guardianViewPath}#ward-${relationship.ward_id}`}
                aria-label={GUARDIAN_PAGE_TEXTS.watchWard(displayName(relationship.ward))}
              >
                <Eye aria-hidden />
                {GUARDIAN_PAGE_TEXTS.openGuardianView}
              </Link>
            </Button>
          }
        />
      )}
    />
  );
}
