import { z } from 'zod';
import { DEFAULT_TILE_URL } from './constants';

/**
 * Map tiles come from a Leaflet URL template set once in VITE_TILE_URL: the client build reads it for the map,
 * and the server reads the same variable so its CSP lets the browser load those tiles. The host may start with
 * Leaflet's `{s}` subdomain placeholder; the path must hold `{z}`, `{x}` and `{y}`.
 */
const TILE_URL_TEMPLATE = /^(https?):\/\/((?:\{s\}\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)\/\S*\{z\}\S*\{x\}\S*\{y\}/;

export const TileUrlTemplateSchema = z
  .string()
  .trim()
  .regex(TILE_URL_TEMPLATE, 'VITE_TILE_URL must be a tile URL template with {z}, {x} and {y}')
  .default(DEFAULT_TILE_URL);

/** The CSP source that covers a template's tiles: its origin, with `{s}` as a `*.` wildcard. */
export function tileCspSource(template: string): string {
  const match = TILE_URL_TEMPLATE.exec(template);
  if (!match) throw new Error('not a tile URL template');
  const [, scheme, host] = match;
  return `${scheme}://${host!.replace('{s}', '*')}`;
}
