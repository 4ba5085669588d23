/** Building blocks every contract shares: ids, timestamps and the one path-id schema. */
import { z } from 'zod';

/** A row id as the API shows it. */
export const IdSchema = z.uuid();

/** A moment as the API shows it: ISO 8601 in UTC (`2026-03-04T05:06:07.890Z`). */
export const TimestampSchema = z.iso.datetime();

/**
 * The one path-id schema (`/api/…/:id`). An id that is not a UUID cannot name a row, so it answers 404 like a
 * row that does not exist (never a 400 that says more, nor a 500 from the database).
 */
export const IdParamsSchema = z.object({ id: IdSchema });

/** An answer without a body (204, or a redirect): documented by its description alone. */
export const noBody = (description: string) => z.null().meta({ description });
