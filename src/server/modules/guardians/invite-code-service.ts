import { INVITE_CODE } from '#shared/constants';
import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import type { GuardianRelationship, InviteCode } from '#shared/schemas/guardian';
import { ERRORS } from '#shared/texts';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limiter';
import type { RealtimePublisher } from '../../realtime/publisher';
import { generateInviteCode } from './invite-code-generator';
import type { PeoplePort } from './ports';
import {
  publishNotification,
  publishRelationshipChange,
  toRelationship,
  withParties,
} from './relationship-view';
import * as repo from './repository';

export type InviteCodeServiceDeps = {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  people: PeoplePort;
  /** Redemption attempts per person and per client address. */
  limiters: { perUser: RateLimiter; perAddress: RateLimiter };
  /** Injected so a test can force collisions; defaults to the random generator. */
  generate?: () => string;
};

export type InviteCodeService = {
  create(auth: AuthContext): Promise<InviteCode>;
  /** The caller's codes that can still be redeemed, newest first. */
  list(auth: AuthContext): Promise<InviteCode[]>;
  /**
   * The caller becomes the ward of the code's creator, pending the creator's approval
   * (docs/PRODUCT.md#guardians).
   */
  redeem(auth: AuthContext, code: string, address: string): Promise<GuardianRelationship>;
};

/** A fresh 8-character code collides with an existing one about once in 10^12 draws; a few retries suffice. */
const MAX_CODE_ATTEMPTS = 5;
const UNIQUE_VIOLATION = '23505';

export function createInviteCodeService(deps: InviteCodeServiceDeps): InviteCodeService {
  const { db, clock, access, publisher, limiters } = deps;
  const generate = deps.generate ?? generateInviteCode;

  return {
    async create(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITE_CODE.ttlHours * 3_600_000);
      for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
        const row = await repo.insertInviteCode(db, {
          code: generate(),
          createdBy: ownerId,
          expiresAt,
          now,
        });
        if (row) return toInviteCode(row);
      }
      throw new Error('could not draw an unused invite code');
    },

    async list(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const rows = await repo.listUsableInviteCodes(db, ownerId, clock.now());
      return rows.map(toInviteCode);
    },

    async redeem(auth, code, address) {
      // The code is someone else's; what redeeming writes is the caller's own: a request to be their ward.
      const { ownerId: wardId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      await enforceRateLimit(limiters.perUser, wardId);
      await enforceRateLimit(limiters.perAddress, address);
      const now = clock.now();
      // Claiming the code and creating the relationship commit together: a conflict below un-claims the code.
      const relationshipId = await db.transaction(async (tx) => {
        const claimed = await repo.claimInviteCode(tx, { code, userId: wardId, now });
        if (!claimed) throw await whyNotRedeemable(tx, code, wardId, now);
        const link = { guardianId: claimed.created_by, wardId, now };
        if (await repo.hasOpenRelationship(tx, link.guardianId, link.wardId)) throw relationshipExists();
        return repo.insertRelationship(tx, link).catch((error: unknown) => {
          // A concurrent redemption of another code from the same guardian won the unique index.
          throw isUniqueViolation(error) ? relationshipExists() : error;
        });
      });
      const stored = await repo.findRelationship(db, relationshipId);
      if (!stored) throw new AppError('not_found', ERRORS.notFound);
      const row = (await withParties(db, deps.people, [stored]))[0]!;
      publishRelationshipChange(publisher, row);
      publishNotification(publisher, row.guardian_id, {
        type: 'info',
        title: GUARDIAN_TEXTS.newRequestTitle,
        message: GUARDIAN_TEXTS.requestReceived(row.ward_name),
      });
      return toRelationship(row, wardId);
    },
  };
}

/** Why the claim found nothing (docs/PRODUCT.md#invite-codes): unknown or used, expired, or one's own. */
async function whyNotRedeemable(tx: Queryable, code: string, userId: string, now: Date): Promise<AppError> {
  const row = await repo.findInviteCode(tx, code);
  if (!row || row.is_used) return new AppError('invalid_invite_code', ERRORS.invalidOrExpiredCode);
  if (row.expires_at.getTime() <= now.getTime()) {
    return new AppError('invite_code_expired', ERRORS.codeExpired);
  }
  if (row.created_by === userId) return new AppError('invalid_invite_code', GUARDIAN_TEXTS.ownInviteCode);
  return new AppError('invalid_invite_code', ERRORS.invalidOrExpiredCode);
}

const relationshipExists = (): AppError => new AppError('conflict', GUARDIAN_TEXTS.relationshipExists);

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

function toInviteCode(row: repo.InviteCodeRow): InviteCode {
  return {
    id: row.id,
    code: row.code,
    expires_at: row.expires_at.toISOString(),
    is_used: row.is_used,
    created_at: row.created_at.toISOString(),
  };
}
