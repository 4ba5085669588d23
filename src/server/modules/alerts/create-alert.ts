import type { z } from 'zod';
import type { CreateAlertRequestSchema, RaiseAlertResponse } from '#shared/schemas/alert';
import type { AuthContext } from '../../http/access';
import type { AlertDeps } from './alert-deps';
import { meetingFromRequest } from './alert-meeting';
import { raiseAndReport } from './raise-and-report';
import { requestHash } from './request-hash';

export type CreateAlertInput = z.output<typeof CreateAlertRequestSchema>;

/** POST /api/alerts: the SOS button, a quick message, or the device outbox replaying a queued SOS. */
export async function createAlert(
  deps: AlertDeps,
  auth: AuthContext,
  input: CreateAlertInput,
  idempotencyKey?: string,
): Promise<RaiseAlertResponse> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  // A replay from the device outbox says how long ago the SOS was raised; it is still the same request. The hash
  // covers the rest, the meeting (its photo too) included: a key reused with another meeting is refused.
  const { raisedSecondsAgo: _replayed, ...asked } = input;
  return raiseAndReport(deps, {
    userId: ownerId,
    ...input,
    // Decoded before anything is written: a photo that is not what it says is a 400 with nothing stored.
    meeting: input.meeting && meetingFromRequest(input.meeting),
    idempotencyKey,
    requestHash: requestHash('POST /api/alerts', asked),
  });
}
