import { localPathRule } from '#shared/schemas/auth';
import { VALIDATION } from '#shared/texts';
import type { AppError } from '../../http/app-error';
import { inputRefusal } from '../../http/validation';

/**
 * The page an e-mailed link leads to, from a client's `redirect_to` (a full address or a path): only a page under
 * this site's public address (http/public-origin.ts), kept as a path. The link itself always starts with that
 * address, never with anything the client or a request header chose, so a sign-up or recovery request cannot make
 * Beacon e-mail a link to another site. Anything else answers 400 naming `redirect_to` (GoTrue quietly falls back
 * to its site address instead; a refusal tells the app's developer at once). Undefined when none was asked for.
 */
export function redirectPathFor(redirectTo: string | undefined, origin: string): string | undefined {
  if (redirectTo === undefined) return undefined;
  const site = new URL(`${origin}/`);
  const url = URL.parse(redirectTo, site.href);
  if (!url || url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) throw notOnSite();
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "https://beacon.example//evil.example" is on the site, but its path alone would name another host.
  if (!localPathRule.safeParse(path).success) throw notOnSite();
  return path;
}

function notOnSite(): AppError {
  return inputRefusal(['redirect_to'], VALIDATION.redirectNotOnSite, 'querystring');
}
