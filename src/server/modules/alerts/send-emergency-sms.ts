import type { z } from 'zod';
import type { SendEmergencySmsRequestSchema, SendEmergencySmsResponse } from '#shared/schemas/alert';
import type { AuthContext } from '../../http/access';
import type { AlertDeps } from './alert-deps';
import { raiseAndReport } from './raise-and-report';
import { requestHash } from './request-hash';

export type SendEmergencySmsInput = z.output<typeof SendEmergencySmsRequestSchema>;

/**
 * POST /api/send-emergency-sms (docs/PRODUCT.md#alert-endpoints): an alert that texts only the saved contacts it
 * names (any other number: 400), answered per number.
 */
export async function sendEmergencySms(
  deps: AlertDeps,
  auth: AuthContext,
  input: SendEmergencySmsInput,
  idempotencyKey?: string,
): Promise<SendEmergencySmsResponse> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  const detail = await raiseAndReport(deps, {
    userId: ownerId,
    triggerType: 'manual',
    message: input.message,
    location: input.userLocation,
    onlyNumbers: input.phoneNumbers,
    idempotencyKey,
    requestHash: requestHash('POST /api/send-emergency-sms', input),
  });
  return {
    alertId: detail.alert.id,
    outcome: detail.outcome,
    results: detail.deliveries
      .filter((delivery) => delivery.purpose === 'alert')
      .map((delivery) => ({
        phoneNumber: delivery.recipient,
        success: delivery.status === 'sent',
        status: delivery.status,
        ...(delivery.status !== 'sent' && delivery.last_error ? { error: delivery.last_error } : {}),
        ...(delivery.held_reason ? { heldReason: delivery.held_reason } : {}),
      })),
    summary: detail.summary,
  };
}
