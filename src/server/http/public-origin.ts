import type { Config } from '../config';

/**
 * The one address every link Beacon builds starts with (e-mailed links, the tracking link in an SOS text, share
 * links): PUBLIC_URL, or in development this machine's own address. Never a request's Host header, which the
 * caller chooses: a forged Host would otherwise send a victim a reset link to someone else's site. Production
 * refuses to start without PUBLIC_URL (config.ts).
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
