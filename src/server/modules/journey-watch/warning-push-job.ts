import { z } from 'zod';
import { DELIVERY_RETRY, type ChannelSenders } from '../../adapters/channels';
import type { JobHandler } from '../../scheduler/jobs';

export const WARNING_PUSH_JOB = 'journey-warning-push';

/** What a warning push job carries: the guardian, the push payload (JSON) and the ward it is about. */
export const WarningPushPayloadSchema = z.object({
  to: z.string(),
  body: z.string(),
  about: z.string(),
});
export type WarningPushPayload = z.infer<typeof WarningPushPayloadSchema>;

/**
 * Sends one guardian's warning push through the `push` channel, with the alert deliveries' retries: a warning
 * is written (with its jobs) before anything is sent, so a server dying halfway loses none. Nothing of the ward's
 * row needs settling: the warning row already says it was sent for.
 */
export function warningPushJob(deps: { channels: ChannelSenders; leaseMs: number }): JobHandler<null> {
  return {
    kind: WARNING_PUSH_JOB,
    retry: DELIVERY_RETRY,
    leaseMs: deps.leaseMs,
    concurrency: 8,
    async attempt(job) {
      const parsed = WarningPushPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return { outcome: 'failed', error: 'Unreadable warning push' };
      const sender = deps.channels.push;
      if (!sender) return { outcome: 'failed', error: 'No push sender is configured on this server' };
      const result = await sender.send({
        to: parsed.data.to,
        body: parsed.data.body,
        idempotencyKey: job.key,
        userId: parsed.data.about,
      });
      if (result.outcome === 'sent' || result.outcome === 'kept_in_dev_outbox') {
        return { outcome: 'done', value: null };
      }
      return result.outcome === 'retry'
        ? { outcome: 'retry', error: result.error, retryAfterMs: result.retryAfterMs }
        : { outcome: 'failed', error: result.error };
    },
  };
}
