import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainLink,
  chainSeed,
  sha256Hex,
  signedManifestText,
  verifyFileAgainstChain,
  verifyManifestSignature,
} from '#shared/recording-chain';
import type { RecordingManifest } from '#shared/schemas/recording';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'verify-recording.mjs');

/** A manifest signed as the server signs one (Ed25519 over `signedManifestText`), for `parts`. */
async function signedManifest(parts: Uint8Array[]): Promise<RecordingManifest> {
  const id = '0b9a3a1e-8d0f-4a8e-9c2b-2f1d7e6a5b4c';
  let previous = await chainSeed(id);
  const chunks: RecordingManifest['chunks'] = [];
  for (const [seq, part] of parts.entries()) {
    const sha256 = await sha256Hex(part);
    previous = await chainLink(previous, seq, part.length, sha256);
    chunks.push({
      seq,
      bytes: part.length,
      sha256,
      chain: previous,
      received_at: '2026-11-26T03:00:00.000Z',
    });
  }
  const keys = generateKeyPairSync('ed25519');
  const unsigned: RecordingManifest = {
    recording_id: id,
    user_id: '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f',
    type: 'video',
    mime_type: 'video/webm',
    started_at: '2026-11-26T03:00:00.000Z',
    ended_at: '2026-11-26T03:00:03.000Z',
    status: 'finished',
    chunks,
    chain_head: previous,
    signature: null,
    public_key: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  const signature = sign(null, Buffer.from(signedManifestText(unsigned)), keys.privateKey).toString('base64');
  return { ...unsigned, signature };
}

function run(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` });
    });
  });
}

describe('scripts/verify-recording.mjs', () => {
  let dir: string;
  const parts = [new Uint8Array(1000).fill(1), new Uint8Array(1500).fill(2), new Uint8Array(700).fill(3)];
  let manifest: RecordingManifest;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'beacon-verify-'));
    manifest = await signedManifest(parts);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const check = async (file: Uint8Array, checked: RecordingManifest) => {
    const [filePath, manifestPath] = [path.join(dir, 'recording.webm'), path.join(dir, 'manifest.json')];
    await writeFile(filePath, file);
    await writeFile(manifestPath, JSON.stringify(checked, null, 2));
    return run(filePath, manifestPath);
  };
  const whole = () => Buffer.concat(parts);

  it('accepts the file the manifest describes, with its signature', async () => {
    const { code, out } = await check(whole(), manifest);
    expect(code).toBe(0);
    expect(out).toContain('File matches the manifest: all 3 pieces, 3 s.');
    expect(out).toContain('Signature: valid (finished');
    expect(await verifyManifestSignature(manifest)).toBe(true);
  });

  it('fails a file with one byte flipped, saying up to which second it matches, as the shared check does', async () => {
    const file = whole();
    file[1200] = (file[1200] ?? 0) ^ 0xff;
    const { code, out } = await check(file, manifest);
    expect(code).toBe(1);
    expect(out).toContain('a piece was changed. It matches up to 1 s (1 of 3 pieces)');
    expect(await verifyFileAgainstChain(file, manifest)).toMatchObject({ ok: false, verifiedSeconds: 1 });
  });

  it('agrees with the shared check on a cut or extended file, and refuses a changed manifest', async () => {
    for (const file of [whole().subarray(0, 2400), Buffer.concat([whole(), Buffer.from([0])])]) {
      const shared = await verifyFileAgainstChain(file, manifest);
      const { code, out } = await check(file, manifest);
      expect(code).toBe(1);
      expect(out).toContain(`matches up to ${shared.verifiedSeconds} s`);
    }
    const edited = { ...manifest, ended_at: '2026-11-26T03:00:09.000Z' };
    const { code, out } = await check(whole(), edited);
    expect(code).toBe(1);
    expect(out).toContain('Signature: INVALID');
    expect(await verifyManifestSignature(edited)).toBe(false);
  });

  it('says how to call it when it is called wrong', async () => {
    expect(await run()).toMatchObject({ code: 2 });
    expect((await run(path.join(dir, 'nothing'), path.join(dir, 'nothing'))).code).toBe(2);
  });
});
