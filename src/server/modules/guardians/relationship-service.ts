import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import type { GuardianRelationship, Ward } from '#shared/schemas/guardian';
import { ERRORS } from '#shared/texts';
import { REQUEST_DECLINED_TEXTS } from '#shared/ward-banner-texts';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { PeoplePort, PositionsPort } from './ports';
import {
  publishNotification,
  publishRelationshipChange,
  toRelationship,
  withParties,
  type RelationshipRow,
} from './relationship-view';
import * as repo from './repository';

export type RelationshipService = {
  /** Every relationship the caller is part of (as guardian or ward), except ended ones. */
  list(auth: AuthContext): Promise<GuardianRelationship[]>;
  /** The guardian approves (active) or rejects a pending request. */
  decide(auth: AuthContext, id: string, status: 'active' | 'rejected'): Promise<GuardianRelationship>;
  /** Either side ends the relationship; from then on the guardian sees nothing of the ward. */
  end(auth: AuthContext, id: string): Promise<void>;
  /** The caller's active wards with their latest position, by name. */
  listWards(auth: AuthContext): Promise<Ward[]>;
};

const notFound = (): AppError => new AppError('not_found', ERRORS.notFound);

export function createRelationshipService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  people: PeoplePort;
  positions: PositionsPort;
}): RelationshipService {
  const { db, clock, access, publisher, people } = deps;

  /** The relationship by id, with both parties' names and addresses. */
  const findNamed = async (id: string): Promise<RelationshipRow | undefined> => {
    const row = await repo.findRelationship(db, id);
    return row && (await withParties(db, people, [row]))[0];
  };

  /**
   * The relationship, when the caller may manage it: it is both parties' (its guardian's and its ward's). A
   * stranger learns nothing, not even that it exists.
   */
  const findOwn = async (auth: AuthContext, id: string): Promise<RelationshipRow> => {
    const { row } = await access.require(auth, 'manage', async () => {
      const found = await findNamed(id);
      return found && { ownerId: found.ward_id, coOwnerId: found.guardian_id, row: found };
    });
    return row;
  };

  return {
    async list(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const rows = await withParties(db, people, await repo.listRelationships(db, ownerId));
      return rows.map((row) => toRelationship(row, ownerId));
    },

    async decide(auth, id, status) {
      const row = await findOwn(auth, id);
      if (row.guardian_id !== auth.userId)
        throw new AppError('forbidden', GUARDIAN_TEXTS.onlyGuardianDecides);
      if (row.status === 'ended') throw notFound();
      const changed = await repo.transitionRelationship(db, {
        id,
        from: ['pending'],
        to: status,
        now: clock.now(),
      });
      if (!changed) throw new AppError('conflict', GUARDIAN_TEXTS.requestAlreadyAnswered);
      const updated = await findNamed(id);
      if (!updated) throw notFound();
      publishRelationshipChange(publisher, updated);
      if (status === 'active') {
        publishNotification(publisher, updated.ward_id, {
          type: 'success',
          title: GUARDIAN_TEXTS.requestApprovedTitle,
          message: GUARDIAN_TEXTS.requestApproved(updated.guardian_name),
        });
      } else {
        // The ward is told too, or they would wait for an answer that already came.
        publishNotification(publisher, updated.ward_id, {
          type: 'warning',
          title: REQUEST_DECLINED_TEXTS.title,
          message: REQUEST_DECLINED_TEXTS.message(updated.guardian_name),
        });
      }
      return toRelationship(updated, auth.userId);
    },

    async end(auth, id) {
      const row = await findOwn(auth, id);
      const changed = await repo.transitionRelationship(db, {
        id,
        from: ['pending', 'active', 'rejected'],
        to: 'ended',
        now: clock.now(),
      });
      if (!changed) throw notFound();
      const ended = await findNamed(id);
      publishRelationshipChange(publisher, ended ?? { ...row, status: 'ended' });
    },

    async listWards(auth) {
      const wards = await access.watched(auth);
      const ids = wards.map((ward) => ward.wardId);
      const parties = await people.findPeople(db, ids);
      const sharing = ids.filter((wardId) => parties.get(wardId)?.location_sharing_enabled === true);
      const locations = await deps.positions.latestPositions(db, sharing);
      const listed = wards.map((ward): Ward => {
        const party = parties.get(ward.wardId);
        const location = locations.get(ward.wardId);
        return {
          relationship_id: ward.relationshipId,
          ward_id: ward.wardId,
          full_name: party?.full_name ?? '',
          email: party?.email ?? '',
          location_sharing_enabled: party?.location_sharing_enabled ?? false,
          location: location ?? null,
          linked_since: ward.activatedAt.toISOString(),
        };
      });
      return listed.sort(
        (a, b) => a.full_name.localeCompare(b.full_name) || a.ward_id.localeCompare(b.ward_id),
      );
    },
  };
}
