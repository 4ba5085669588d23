#!/usr/bin/env node
// Checks a downloaded emergency recording against its manifest (GET /api/recordings/:id/manifest, or the
// tracking page's): that the file is, byte for byte, what the server received, and that the server signed the
// manifest. Plain Node, nothing to install or build:
//
//   node scripts/verify-recording.mjs recording.webm manifest.json
//
// It prints how much of the file matches (in seconds: one piece a second) and exits 0 when the whole file and the
// signature check out, 1 when they do not, 2 when it cannot read its input. The check is the one the phone and
// the server make (src/shared/recording-chain.ts), written again here because this script must run without a
// TypeScript build; scripts/verify-recording.test.ts holds the two to the same answers.
//
// What a good answer proves: the file's pieces have the SHA-256 the server computed as each piece arrived, in that
// order, none missing or added, and a server holding the private key of `public_key` signed that list. Compare the
// key's fingerprint (printed) with your Beacon server's before trusting it: anyone can sign with a key of their own.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');

/** JSON with object keys sorted at every level and no whitespace (recording-chain.ts `canonicalJson`). */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The file cut at each piece's size, hashed and chained (recording-chain.ts `verifyFileAgainstChain`). */
export function checkChain(file, manifest, chunkSeconds = 1) {
  let previous = sha256Hex(`beacon-recording:${manifest.recording_id}`);
  let offset = 0;
  let verified = 0;
  const fail = (reason) => ({
    ok: false,
    verifiedChunks: verified,
    verifiedSeconds: verified * chunkSeconds,
    reason,
  });
  for (const chunk of manifest.chunks) {
    if (chunk.seq !== verified) return fail('chain_broken');
    if (offset + chunk.bytes > file.length) return fail('file_too_short');
    const sha = sha256Hex(file.subarray(offset, offset + chunk.bytes));
    if (sha !== chunk.sha256) return fail('piece_changed');
    const link = sha256Hex(`${previous}:${chunk.seq}:${chunk.bytes}:${sha}`);
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

/** The Ed25519 signature over the manifest without `signature` and `public_key`. */
export function checkSignature(manifest) {
  if (!manifest.signature) return false;
  const { signature, public_key: publicKey, ...signed } = manifest;
  try {
    return verify(
      null,
      Buffer.from(canonicalJson(signed)),
      createPublicKey(publicKey),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** SHA-256 of the key's DER form, to compare with the server's. */
export function keyFingerprint(publicKeyPem) {
  return sha256Hex(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }));
}

const REASONS = {
  piece_changed: 'a piece was changed',
  file_too_short: 'the file ends early',
  file_too_long: 'the file has more than the manifest lists',
  chain_broken: 'the manifest’s chain does not hold together',
};

function main(args) {
  if (args.length !== 2) {
    console.error('Usage: node scripts/verify-recording.mjs <recording file> <manifest.json>');
    return 2;
  }
  let file;
  let manifest;
  try {
    file = readFileSync(args[0]);
    manifest = JSON.parse(readFileSync(args[1], 'utf8'));
  } catch (error) {
    console.error(`Cannot read the input: ${error.message}`);
    return 2;
  }
  const chain = checkChain(file, manifest);
  const signed = checkSignature(manifest);
  const total = manifest.chunks.length;
  if (chain.ok) {
    console.log(`File matches the manifest: all ${total} pieces, ${chain.verifiedSeconds} s.`);
  } else {
    console.log(
      `File does NOT match the manifest: ${REASONS[chain.reason]}. It matches up to ${chain.verifiedSeconds} s ` +
        `(${chain.verifiedChunks} of ${total} pieces); nothing after that can be trusted.`,
    );
  }
  console.log(
    signed
      ? `Signature: valid (${manifest.status}, server key fingerprint ${keyFingerprint(manifest.public_key)}).`
      : manifest.signature
        ? 'Signature: INVALID: the manifest was changed or not signed by this key.'
        : 'Signature: none yet (the recording has not ended).',
  );
  return chain.ok && signed ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
