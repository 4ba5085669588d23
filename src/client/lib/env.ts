import { z } from 'zod';
import { DEFAULT_TILE_URL } from '#shared/constants';

/**
 * Build-time client configuration (Vite's `VITE_*` variables), parsed once. A bad value fails at start-up with
 * the variable's name rather than as a blank map later.
 */
const ClientEnvSchema = z.object({
  /** Map tiles, a Leaflet URL template. The server's CSP must allow its origin (img-src). */
  VITE_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}/,
      'VITE_TILE_URL must be a tile URL template with {z}, {x} and {y}',
    )
    .default(DEFAULT_TILE_URL),
});

export type ClientEnv = z.infer<typeof ClientEnvSchema>;

function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const env: ClientEnv = ClientEnvSchema.parse({
  VITE_TILE_URL: blankToUndefined(import.meta.env.VITE_TILE_URL),
});
