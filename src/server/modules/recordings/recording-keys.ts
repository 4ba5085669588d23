import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  timingSafeEqual,
} from 'node:crypto';
import type { Database } from '../../db/database';
import { loadServerSecret } from '../../adapters/server-secrets';

/**
 * The server's two recording keys, kept like its other secrets (adapters/server-secrets.ts: generated once,
 * stored in the database, the same on every instance):
 * - an Ed25519 key that signs each sealed recording's manifest; anyone can check a signature with the public key
 *   the manifest carries (and should compare that key with the one the server publishes);
 * - an HMAC key for media URLs: a `<video>` element cannot send a bearer token, so `POST …/playback` answers a URL
 *   whose signature covers the recording, the expiry and the logged view it was granted as.
 */
export type RecordingKeys = {
  /** SPKI PEM. */
  publicKeyPem: string;
  /** Ed25519 signature of `text` (UTF-8), standard base64. */
  signManifest(text: string): string;
  playbackSignature(grant: PlaybackGrant): string;
  /** Constant-time comparison of a presented signature with the one `grant` has. */
  playbackSignatureMatches(grant: PlaybackGrant, presented: string): boolean;
};

export type PlaybackGrant = { recordingId: string; expires: number; viewId: string };

export async function loadRecordingKeys(db: Database): Promise<RecordingKeys> {
  const privatePem = await loadServerSecret(db, 'recording-signing-key', undefined, () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const privateKey = createPrivateKey(privatePem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const hmacKey = await loadServerSecret(db, 'recording-playback-key');
  const playbackSignature = (grant: PlaybackGrant): string =>
    createHmac('sha256', hmacKey)
      .update(`${grant.recordingId}.${grant.expires}.${grant.viewId}`)
      .digest('base64url');
  return {
    publicKeyPem,
    signManifest: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
    playbackSignature,
    playbackSignatureMatches(grant, presented) {
      const expected = Buffer.from(playbackSignature(grant));
      const given = Buffer.from(presented);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
