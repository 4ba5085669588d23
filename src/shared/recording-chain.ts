/**
 * The hash chain that proves a recording was not changed, computed the same way by the server (as pieces arrive),
 * the verifier script and the phone's Verify button. WebCrypto only, so it runs in Node and in browsers alike.
 *
 * - Each piece's `sha256` is the SHA-256 of its bytes, in lowercase hex.
 * - Link n: `chain_n = SHA-256(chain_{n-1} + ":" + seq + ":" + bytes + ":" + sha256)` (text, UTF-8), where the
 *   link before the first is `SHA-256("beacon-recording:" + recordingId)`. Changing, dropping, adding or reordering
 *   any piece changes every later link and the head.
 * - The signed payload is the canonical JSON of the manifest without `signature` and `public_key`: object keys
 *   sorted, no whitespace (`canonicalJson`).
 */
import type { RecordingManifest } from './schemas/recording';
import { webPlatform } from './web-platform';

const encoder = new webPlatform.TextEncoder();
const subtle = () => webPlatform.crypto.subtle;

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const digest = await subtle().digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function chainSeed(recordingId: string): Promise<string> {
  return sha256Hex(`beacon-recording:${recordingId}`);
}

export function chainLink(previous: string, seq: number, bytes: number, sha256: string): Promise<string> {
  return sha256Hex(`${previous}:${seq}:${bytes}:${sha256}`);
}

/** JSON with object keys sorted at every level and no whitespace: the same text on every machine. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The exact text the server's Ed25519 signature covers. */
export function signedManifestText(manifest: RecordingManifest): string {
  const { signature: _signature, public_key: _publicKey, ...signed } = manifest;
  return canonicalJson(signed);
}

export type ChainCheck =
  /** Every piece of the manifest matches the file, and the file has nothing more. */
  | { ok: true; verifiedChunks: number; verifiedSeconds: number }
  /**
   * The file matches the manifest up to `verifiedChunks` pieces (about as many seconds) and no further:
   * `reason` says what differs at the first piece that does not match.
   */
  | {
      ok: false;
      verifiedChunks: number;
      verifiedSeconds: number;
      reason: 'piece_changed' | 'file_too_short' | 'file_too_long' | 'chain_broken';
    };

/**
 * Checks a downloaded file against a manifest's chain: cuts the file at each piece's `bytes`, hashes each cut and
 * recomputes the links. It does not check the signature (see `verifyManifestSignature`), only that the file is
 * the one the chain describes.
 */
export async function verifyFileAgainstChain(
  file: Uint8Array,
  manifest: Pick<RecordingManifest, 'recording_id' | 'chunks' | 'chain_head'>,
  chunkSeconds = 1,
): Promise<ChainCheck> {
  let previous = await chainSeed(manifest.recording_id);
  let offset = 0;
  let verified = 0;
  const fail = (reason: Extract<ChainCheck, { ok: false }>['reason']): ChainCheck => ({
    ok: false,
    verifiedChunks: verified,
    verifiedSeconds: verified * chunkSeconds,
    reason,
  });
  for (const chunk of manifest.chunks) {
    if (chunk.seq !== verified) return fail('chain_broken');
    if (offset + chunk.bytes > file.length) return fail('file_too_short');
    const sha = await sha256Hex(file.subarray(offset, offset + chunk.bytes));
    if (sha !== chunk.sha256) return fail('piece_changed');
    const link = await chainLink(previous, chunk.seq, chunk.bytes, sha);
    if (link !== chunk.chain) return fail('chain_broken');
    previous = link;
    offset += chunk.bytes;
    verified += 1;
  }
  if ((manifest.chain_head ?? null) !== (manifest.chunks.length ? previous : null))
    return fail('chain_broken');
  if (offset !== file.length) return fail('file_too_long');
  return { ok: true, verifiedChunks: verified, verifiedSeconds: verified * chunkSeconds };
}

/** Ed25519 signature check with WebCrypto. False when the browser has no Ed25519 (the caller says so). */
export async function verifyManifestSignature(manifest: RecordingManifest): Promise<boolean> {
  if (!manifest.signature) return false;
  const der = pemToDer(manifest.public_key);
  const key = await subtle().importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  const signature = base64ToBytes(manifest.signature);
  return subtle().verify({ name: 'Ed25519' }, key, signature, encoder.encode(signedManifestText(manifest)));
}

function pemToDer(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(body);
}

/** The signature and key are standard base64. */
function base64ToBytes(text: string): Uint8Array {
  const binary = webPlatform.atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
