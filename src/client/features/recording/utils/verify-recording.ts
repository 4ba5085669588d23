import { verifyFileAgainstChain, verifyManifestSignature, type ChainCheck } from '#shared/recording-chain';
import { getManifest, requestPlayback, type RecordingSource } from '../api/recording-source';

export type VerifyOutcome =
  /** The download matches the signed chain, and the signature is the server's. */
  | { kind: 'untampered'; seconds: number }
  /** The download matches the chain; the server signs it only once the recording has ended. */
  | { kind: 'unsigned'; seconds: number }
  /** The download matches the chain, but this browser has no Ed25519 to check the signature. */
  | { kind: 'no_ed25519'; seconds: number }
  | { kind: 'bad_signature'; seconds: number }
  | { kind: 'mismatch'; reason: Extract<ChainCheck, { ok: false }>['reason']; seconds: number };

/**
 * Checks a recording the way anyone could: the manifest first (the chain so far), then the recording's bytes
 * from its signed media URL, each piece hashed and chained (recording-chain.ts), then the server's Ed25519
 * signature over the manifest. While it records, the media stream follows new pieces without end: the download
 * stops at the bytes the manifest covers. Throws when the manifest or the bytes could not be fetched.
 */
export async function verifyRecording(source: RecordingSource, id: string): Promise<VerifyOutcome> {
  const manifest = await getManifest(source, id);
  const { media_url: mediaUrl } = await requestPlayback(source, id);
  const covered = manifest.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  const file = await download(mediaUrl, manifest.status === 'recording' ? covered : null);
  const chain = await verifyFileAgainstChain(file, manifest);
  if (!chain.ok) return { kind: 'mismatch', reason: chain.reason, seconds: chain.verifiedSeconds };
  const seconds = chain.verifiedSeconds;
  if (!manifest.signature) return { kind: 'unsigned', seconds };
  let signed: boolean;
  try {
    signed = await verifyManifestSignature(manifest);
  } catch {
    // No Ed25519 in this browser's WebCrypto (older Safari and Chromium): the key cannot even be imported.
    return { kind: 'no_ed25519', seconds };
  }
  return signed ? { kind: 'untampered', seconds } : { kind: 'bad_signature', seconds };
}

/** The media URL's bytes: all of them, or the first `limit` (then the stream is let go). */
async function download(url: string, limit: number | null): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The recording could not be downloaded (${response.status})`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(await response.arrayBuffer());
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    if (limit !== null && length >= limit) {
      void reader.cancel().catch(() => undefined);
      break;
    }
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  const file = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    file.set(part, offset);
    offset += part.length;
  }
  return limit === null ? file : file.subarray(0, Math.min(limit, length));
}
