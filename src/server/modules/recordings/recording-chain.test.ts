import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chainLink,
  chainSeed,
  sha256Hex,
  signedManifestText,
  verifyFileAgainstChain,
  verifyManifestSignature,
} from '#shared/recording-chain';
import type { RecordingManifest } from '#shared/schemas/recording';

const RECORDING_ID = '0b9a3a1e-8d0f-4a8e-9c2b-2f1d7e6a5b4c';

async function manifestFor(pieces: Uint8Array[]): Promise<RecordingManifest> {
  let previous = await chainSeed(RECORDING_ID);
  const chunks = [];
  for (const [seq, piece] of pieces.entries()) {
    const sha256 = await sha256Hex(piece);
    previous = await chainLink(previous, seq, piece.length, sha256);
    chunks.push({
      seq,
      bytes: piece.length,
      sha256,
      chain: previous,
      received_at: '2026-11-26T03:00:00.000Z',
    });
  }
  const keys = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`;
  const unsigned: RecordingManifest = {
    recording_id: RECORDING_ID,
    user_id: '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f',
    type: 'video',
    mime_type: 'video/webm',
    started_at: '2026-11-26T03:00:00.000Z',
    ended_at: '2026-11-26T03:00:03.000Z',
    status: 'finished',
    chunks,
    chain_head: chunks.length ? previous : null,
    signature: null,
    public_key: pem,
  };
  const signed = await webcrypto.subtle.sign(
    { name: 'Ed25519' },
    keys.privateKey,
    new TextEncoder().encode(signedManifestText(unsigned)),
  );
  const signature = btoa(String.fromCharCode(...new Uint8Array(signed)));
  return { ...unsigned, signature };
}

const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6, 7, 8, 9])];
const joined = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

describe('recording chain', () => {
  it('verifies the file the chain describes and its Ed25519 signature', async () => {
    const manifest = await manifestFor(pieces);
    expect(await verifyFileAgainstChain(joined(pieces), manifest)).toEqual({
      ok: true,
      verifiedChunks: 3,
      verifiedSeconds: 3,
    });
    expect(await verifyManifestSignature(manifest)).toBe(true);
  });

  it('fails at the piece where one byte was changed, saying up to which second the file is intact', async () => {
    const manifest = await manifestFor(pieces);
    const file = joined(pieces);
    file[4] = 99;
    expect(await verifyFileAgainstChain(file, manifest)).toEqual({
      ok: false,
      verifiedChunks: 1,
      verifiedSeconds: 1,
      reason: 'piece_changed',
    });
  });

  it('fails a cut or extended file, and a signature over a changed manifest', async () => {
    const manifest = await manifestFor(pieces);
    const file = joined(pieces);
    expect(await verifyFileAgainstChain(file.subarray(0, 7), manifest)).toMatchObject({
      ok: false,
      verifiedChunks: 2,
      reason: 'file_too_short',
    });
    expect(await verifyFileAgainstChain(joined([...pieces, new Uint8Array([0])]), manifest)).toMatchObject({
      ok: false,
      reason: 'file_too_long',
    });
    const edited = { ...manifest, ended_at: '2026-11-26T03:00:09.000Z' };
    expect(await verifyManifestSignature(edited)).toBe(false);
  });
});
