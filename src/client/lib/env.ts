import { z } from 'zod';
import { TileUrlTemplateSchema } from '#shared/map-tiles';

/**
 * Build-time client configuration (Vite's `VITE_*` variables), parsed once. A bad value fails at start-up with
 * the variable's name rather than as a blank map later.
 */
const ClientEnvSchema = z.object({
  /** Map tiles, a Leaflet URL template; the server reads the same variable for its CSP. */
  VITE_TILE_URL: TileUrlTemplateSchema,
});

export type ClientEnv = z.infer<typeof ClientEnvSchema>;

function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const env: ClientEnv = ClientEnvSchema.parse({
  VITE_TILE_URL: blankToUndefined(import.meta.env.VITE_TILE_URL),
});
