import type { StopSharingResponse } from '#shared/schemas/sharing';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ResponderLinksPort, ShareLinksPort } from './ports';

export type StopSharingDeps = {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  shareLinks: ShareLinksPort;
  responderLinks: ResponderLinksPort;
};

/**
 * "Stop all sharing": in one transaction, every live share link of the person and every open responder link
 * ends (their pages answer 410 from then on). Not the links an SOS still on sent: they end when the person says
 * they are safe, which the safety PIN guards, so one tap by whoever holds the phone cannot cut an SOS's helpers
 * off. Guardians are not links and keep seeing what they saw; location sharing stays as the person set it.
 * After the commit, `sharing.stopped` tells the person's other devices and wakes, on every instance, the media
 * streams the ended links were watching, so they end now rather than at their next poll.
 */
export async function stopSharing(deps: StopSharingDeps, auth: AuthContext): Promise<StopSharingResponse> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  const now = deps.clock.now();
  const ended = await deps.db.transaction(async (tx) => ({
    share_links_revoked: await deps.shareLinks.revokeLiveShareLinksOf(tx, ownerId, now),
    responder_links_revoked: await deps.responderLinks.revokeResponderLinksOf(tx, ownerId, now),
  }));
  await deps.publisher.publish({
    type: 'sharing.stopped',
    userId: ownerId,
    payload: ended,
    audience: 'subject',
  });
  return ended;
}
