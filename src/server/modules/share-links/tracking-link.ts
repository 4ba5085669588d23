import type { TrackingLinkHook } from '../alerts/service';
import { getOrCreateActiveShareLink } from './service';

/**
 * The alert pipeline's tracking-link hook: an SOS text carries the person's live `/track/{code}` link, reusing
 * an active share link or making one inside the alert's transaction. Texts need an absolute address a contact
 * can open, so without PUBLIC_URL there is no link (undefined: the pipeline then sends none).
 */
export function shareLinkTrackingHook(publicUrl: string | undefined): TrackingLinkHook | undefined {
  if (!publicUrl) return undefined;
  const origin = publicUrl.replace(/\/+$/, '');
  return async (tx, context) => (await getOrCreateActiveShareLink(tx, { ...context, origin })).url;
}
