import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useWards } from '../api/get-wards';
import { useWardActivity } from '../hooks/ward-activity-context';
import type { WardJourneysResponse } from '#shared/schemas/journey';
import { wardJourneysOf } from '../utils/ward-journeys';
import { WardCard } from './ward-card';

type GuardianViewProps = {
  userId: string;
  linkingPath: string;
  /** GET /api/wards/journeys (loaded by app/, which owns the journeys feature); undefined while loading. */
  journeys: WardJourneysResponse | undefined;
  /** A ward's emergency recordings (composed by app/). */
  wardRecordings?: (wardId: string) => ReactNode;
};

/** Every active ward's card; empty and failure states lead back to linking. */
export function GuardianView({ userId, linkingPath, journeys, wardRecordings }: GuardianViewProps) {
  const wards = useWards(userId);
  const { alerts } = useWardActivity(userId);
  useScrollToWard(wards.isSuccess);

  if (wards.isPending) return <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />;
  if (wards.isError) {
    return (
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <p>{GUARDIAN_VIEW_TEXTS.loadFailed}</p>
        <Button variant="outline" onClick={() => void wards.refetch()}>
          {GUARDIAN_VIEW_TEXTS.retry}
        </Button>
      </Card>
    );
  }
  if (wards.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-muted-foreground">{GUARDIAN_VIEW_TEXTS.empty}</p>
        <Button asChild>
          <Link to={linkingPath}>{GUARDIAN_VIEW_TEXTS.emptyAction}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {wards.data.map((ward) => (
        <WardCard
          key={ward.ward_id}
          userId={userId}
          ward={ward}
          alerts={alerts.filter((entry) => entry.ward_id === ward.ward_id)}
          journeys={wardJourneysOf(journeys, ward.ward_id)}
          recordings={wardRecordings?.(ward.ward_id)}
        />
      ))}
    </div>
  );
}

/**
 * A push notification opens `/guardian/wards#ward-<id>`: once the cards are there, bring that ward's into view
 * (the browser's own jump to the fragment happens before they load).
 */
function useScrollToWard(loaded: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith('#ward-')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
}
