import { z } from 'zod';
import { STORAGE_KEYS } from '#shared/constants';
import { CreateAlertRequestSchema, type CreateAlertRequest } from '#shared/schemas/alert';
import { createPersistentStore } from '../../../lib/persistent-store';
import { queueAlert } from './alert-outbox';

const LegacyQueuedAlertSchema = z.object({
  idempotencyKey: z.string().min(1),
  userId: z.string().min(1),
  request: z.custom<CreateAlertRequest>((value) => CreateAlertRequestSchema.safeParse(value).success),
  queuedAt: z.iso.datetime({ offset: true }),
});

/**
 * Alerts queued by a version of the app from before the outbox sat in local storage; they move into the outbox
 * (same key, same time raised) the first time this person's app starts, so an update loses no SOS.
 */
export async function importLegacyAlertQueue(userId: string): Promise<void> {
  const legacy = createPersistentStore<unknown[] | null>({
    key: `${STORAGE_KEYS.legacyAlertQueue}:${userId}`,
    schema: z.array(z.unknown()).nullable(),
    fallback: null,
  });
  const entries = legacy.get();
  if (entries === null) return;
  // Entry by entry: one corrupt entry must not lose the others.
  for (const entry of entries) {
    const parsed = LegacyQueuedAlertSchema.safeParse(entry);
    if (!parsed.success || parsed.data.userId !== userId) continue;
    await queueAlert({
      idempotencyKey: parsed.data.idempotencyKey,
      userId,
      request: parsed.data.request,
      raisedAt: new Date(parsed.data.queuedAt),
      afterFailedSend: false,
    });
  }
  legacy.clear();
}
