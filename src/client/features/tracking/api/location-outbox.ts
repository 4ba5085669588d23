import { z } from 'zod';
import { LIVE_TRACKING, LOCATION_LIMITS } from '#shared/constants';
import { LocationReadingSchema } from '#shared/schemas/location';
import { isClientError } from '../../../lib/api-client';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import type { OutboxKind } from '../../../lib/outbox/outbox-item';
import type { OutgoingReading, PostOutcome } from '../utils/location-sender';
import { postLocations } from './post-locations';

const OutgoingReadingSchema = z.custom<OutgoingReading>(
  (value) =>
    LocationReadingSchema.safeParse(value).success &&
    typeof (value as { timestamp?: unknown }).timestamp === 'number' &&
    typeof (value as { online?: unknown }).online === 'boolean',
);

/**
 * Live-location readings in the device outbox: sent oldest first in requests of at most
 * LOCATION_LIMITS.maxReadingsPerRequest, at most LIVE_TRACKING.maxQueuedReadings kept per person (the oldest are
 * dropped: the newest matter most to someone watching). Stored, or ignored because sharing is off: either way
 * done. A batch the server refuses (4xx other than 429) is dropped so one bad reading cannot block the rest.
 * An explicit sign-out forgets them (docs/PRODUCT.md#data-kept-on-the-device).
 */
export const locationOutboxKind: OutboxKind<OutgoingReading, PostOutcome> = {
  name: 'location',
  schema: OutgoingReadingSchema,
  batchSize: LOCATION_LIMITS.maxReadingsPerRequest,
  maxItems: LIVE_TRACKING.maxQueuedReadings,
  discardOnSignOut: true,
  send: (items) => postLocations(items.map((item) => item.payload)),
  isPermanentFailure: isClientError,
};

/** Queues a reading; its id is the time it was taken, so the same reading twice is one item. */
export function queueReading(userId: string, reading: OutgoingReading): Promise<void> {
  return deviceOutbox.enqueue(locationOutboxKind, {
    id: String(reading.timestamp),
    ownerId: userId,
    payload: reading,
  });
}
