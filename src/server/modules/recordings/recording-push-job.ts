import { z } from 'zod';
import { DELIVERY_RETRY, type ChannelSenders } from '../../adapters/channels';
import type { JobHandler } from '../../scheduler/jobs';

export const RECORDING_PUSH_JOB = 'recording-push';

export const RecordingPushPayloadSchema = z.object({ to: z.string(), body: z.string(), about: z.string() });
export type RecordingPushPayload = z.infer<typeof RecordingPushPayloadSchema>;

/**
 * Sends one guardian's "<name> is recording" push through the `push` channel, with the alert deliveries'
 * retries. Written with the recording, in its transaction, so a server dying right after the start loses none.
 */
export function recordingPushJob(deps: { channels: ChannelSenders; leaseMs: number }): JobHandler<null> {
  return {
    kind: RECORDING_PUSH_JOB,
    retry: DELIVERY_RETRY,
    leaseMs: deps.leaseMs,
    concurrency: 8,
    async attempt(job) {
      const parsed = RecordingPushPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return { outcome: 'failed', error: 'Unreadable recording push' };
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
