import { z } from 'zod';

const PositionSchema = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });

/** One OpenStreetMap element as Overpass prints it: a node with `lat`/`lon`, a way or relation with `center`. */
const OverpassElementSchema = z.object({
  type: z.enum(['node', 'way', 'relation']),
  id: z.number(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  center: PositionSchema.optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
export type OverpassElement = z.infer<typeof OverpassElementSchema>;

/**
 * Overpass's JSON answer (`[out:json]`). `remark` carries a runtime error (a query that timed out or ran out of
 * memory on the server) while the status is still 200 and `elements` may be cut short.
 */
export const OverpassResponseSchema = z.object({
  elements: z.array(OverpassElementSchema),
  remark: z.string().optional(),
});
export type OverpassResponse = z.infer<typeof OverpassResponseSchema>;
