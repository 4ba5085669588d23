/**
 * Emergency recordings, the server side (docs/PRODUCT.md#emergency-recording,
 * docs/decisions/032-recordings-evidence-upload.md). The phone uploads a piece a second; the server hashes each
 * piece as it arrives, follows the recording live for those allowed to watch, seals it (a hash chain over its
 * pieces, signed with the server's Ed25519 key) when the phone finishes or goes quiet, and deletes it a day later.
 * Each operation is its own file; this binds them to the module's dependencies.
 */
import type {
  ChunkReceipt,
  FinishRecordingRequest,
  PlaybackResponse,
  Recording,
  RecordingManifest,
  StartRecordingRequest,
} from '#shared/schemas/recording';
import type { AuthContext } from '../../http/access';
import { deleteRecordingNow } from './recording-chores';
import type { RecordingDeps } from './recording-deps';
import { finishRecording } from './finish-recording';
import { openMedia, playbackExpiry, type MediaAnswer, type MediaQuery } from './media-stream';
import type { LinkFacts, SeenFrom } from './ports';
import { toRecording } from './recording-view';
import * as repo from './repository';
import { manifestOf } from './seal-recording';
import { startRecording } from './start-recording';
import { ownerRows, uploadPiece, type PieceUpload } from './upload-piece';
import { readableRecording, recordingsForLink, type Viewer } from './viewer-access';
import type { Queryable } from '../../db/database';
import { THE_PUBLIC } from '../../access/policy';

const LIST_LIMIT = 100;

export type RecordingView = {
  viewer: 'owner' | 'guardian' | 'share_link';
  viewer_name: string | null;
  viewed_at: string;
};

export type RecordingService = ReturnType<typeof createRecordingService>;

export function createRecordingService(deps: RecordingDeps) {
  const { db, access } = deps;
  const named = async (row: repo.RecordingRow): Promise<Recording> =>
    toRecording(row, await deps.profiles.findFullName(db, row.user_id));

  /** The link a share code names, as the holder of the code: an unknown code reaches nothing (404). */
  const linkOf = async (shareCode: string): Promise<{ link: LinkFacts }> => {
    const link = await deps.shareLinks.findLinkByCode(db, shareCode);
    if (!link) {
      // The public reaches nothing: the policy's own refusal (404), as for a code nobody has.
      await access.require(THE_PUBLIC, 'read', undefined);
      throw new Error('The access policy let the public reach a row');
    }
    // A revoked or expired link answers so (410) whichever recording it asks for, as its tracking page does.
    const { isActive, expiresAt, userId } = link;
    await access.require({ shareLink: { ownerId: userId, isActive, expiresAt } }, 'read', {
      ownerId: userId,
    });
    return { link };
  };

  const manifest = async (viewer: Viewer, id: string): Promise<RecordingManifest> => {
    const row = await readableRecording(deps, viewer, id);
    return row.manifest ?? manifestOf(db, row, deps.keys.publicKeyPem);
  };

  /**
   * Logs the view (the recording's own list, and, for a guardian or a link holder, the owner's log of who looked)
   * and answers a media URL signed for it.
   */
  const playback = async (viewer: Viewer, id: string, from: SeenFrom): Promise<PlaybackResponse> => {
    const row = await readableRecording(deps, viewer, id);
    const now = deps.clock.now();
    const kind = 'link' in viewer ? 'share_link' : viewer.userId === row.user_id ? 'owner' : 'guardian';
    const view = await repo.insertView(db, row.id, {
      viewer: kind,
      viewer_user_id: 'link' in viewer ? null : viewer.userId,
      share_link_id: 'link' in viewer ? viewer.link.id : null,
      viewed_at: now,
    });
    if ('link' in viewer) {
      const shareLinkId = viewer.link.id;
      deps.views.record(
        { ownerId: row.user_id, kind: 'recording', recordingId: row.id, via: 'share_link', shareLinkId },
        from,
      );
    } else if (kind === 'guardian') {
      const viewerUserId = viewer.userId;
      deps.views.record(
        { ownerId: row.user_id, kind: 'recording', recordingId: row.id, via: 'guardian', viewerUserId },
        from,
      );
    }
    const expires = playbackExpiry(now);
    const signature = deps.keys.playbackSignature({ recordingId: row.id, expires, viewId: view.id });
    const query = new URLSearchParams({ expires: String(expires), view: view.id, signature });
    return {
      // A path on the same origin as the API the phone calls: a media element fetches it as it is.
      media_url: `/api/recordings/${row.id}/media?${query.toString()}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  };

  return {
    start: (auth: AuthContext, input: StartRecordingRequest) => startRecording(deps, auth, input),

    uploadPiece: async (auth: AuthContext, upload: PieceUpload): Promise<ChunkReceipt> =>
      (await uploadPiece(deps, auth, upload)).receipt,

    finish: (auth: AuthContext, id: string, input: FinishRecordingRequest) =>
      finishRecording(deps, auth, id, input),

    async list(auth: AuthContext): Promise<Recording[]> {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const rows = await repo.listRecordings(db, ownerId, LIST_LIMIT);
      const name = await deps.profiles.findFullName(db, ownerId);
      return rows.map((row) => toRecording(row, name));
    },

    get: async (auth: AuthContext, id: string): Promise<Recording> =>
      named(await readableRecording(deps, auth, id)),

    manifest: (auth: AuthContext, id: string) => manifest(auth, id),
    playback: (auth: AuthContext, id: string, from: SeenFrom) => playback(auth, id, from),

    async views(auth: AuthContext, id: string): Promise<RecordingView[]> {
      const row = await access.require(auth, 'manage', () => ownerRows(repo.findRecording(db, id)));
      const views = await repo.listViews(db, row.id);
      const guardianIds = views.flatMap((view) =>
        view.viewer === 'guardian' && view.viewer_user_id ? [view.viewer_user_id] : [],
      );
      const names = await deps.profiles.findFullNames(db, [...new Set(guardianIds)]);
      return views.map((view) => ({
        viewer: view.viewer,
        viewer_name: view.viewer === 'guardian' ? (names.get(view.viewer_user_id ?? '') ?? '') : null,
        viewed_at: view.viewed_at.toISOString(),
      }));
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const row = await access.require(auth, 'manage', () => ownerRows(repo.findRecording(db, id)));
      await deleteRecordingNow(deps, row);
    },

    media: (query: MediaQuery, range: string | undefined, clientGone: AbortSignal): Promise<MediaAnswer> =>
      openMedia(deps, query, range, clientGone),

    trackManifest: async (shareCode: string, id: string) => manifest(await linkOf(shareCode), id),
    trackPlayback: async (shareCode: string, id: string, from: SeenFrom) =>
      playback(await linkOf(shareCode), id, from),

    /**
     * The person stopped all sharing (on this instance or another): their live recordings' media streams look at
     * once whether their viewers may still watch, so a stream through an ended link ends now, not at its next
     * poll. A failure here only leaves that to the poll.
     */
    async wakeStreamsOf(ownerId: string): Promise<void> {
      for (const id of await repo.listLiveRecordingIds(db, ownerId)) deps.signal.notify(id);
    },

    /** The recordings a share link plays (the tracking page's list); the link's own liveness is checked by its page. */
    async forLink(tx: Queryable, link: LinkFacts): Promise<Recording[]> {
      const rows = await recordingsForLink(deps, tx, link, LIST_LIMIT);
      if (rows.length === 0) return [];
      const name = await deps.profiles.findFullName(tx, link.userId);
      return rows.map((row) => toRecording(row, name));
    },
  };
}
