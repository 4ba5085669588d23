import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { Recording, RecordingStatus } from '#shared/schemas/recording';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { fakeRecording, RECORDING_ID, signedManifest } from '../../testing/fake-recordings';
import { renderApp, storeSession } from '../../testing/render-app';

const WARD_ID = '00000002-0000-4000-8000-000000000002';
const MEDIA_URL = `/api/recordings/${RECORDING_ID}/media?expires=1767272400&signature=abc`;
const PIECES = ['first second', 'second second', 'third second'].map((text) =>
  new TextEncoder().encode(text),
);

function joined(pieces: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    file.set(piece, offset);
    offset += piece.length;
  }
  return file;
}

function routes(recording: Recording, extra: FakeRoute[] = []): FakeRoute[] {
  return [
    ...extra,
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [] } },
    { method: 'GET', path: `/api/recordings/${RECORDING_ID}`, body: recording },
    {
      method: 'POST',
      path: `/api/recordings/${RECORDING_ID}/playback`,
      body: { media_url: MEDIA_URL, expires_at: '2099-01-01T00:00:00.000Z' },
    },
    {
      method: 'GET',
      path: `/api/recordings/${RECORDING_ID}/views`,
      body: {
        views: [
          { viewer: 'guardian', viewer_name: 'Gus Guardian', viewed_at: '2026-01-01T12:05:00.000Z' },
          { viewer: 'share_link', viewer_name: null, viewed_at: '2026-01-01T12:06:00.000Z' },
        ],
      },
    },
    { method: 'DELETE', path: `/api/recordings/${RECORDING_ID}`, status: 204 },
  ];
}

async function openRecording(recording: Recording, extra: FakeRoute[] = []) {
  const api = mockApi(routes(recording, extra));
  const view = await renderApp(`/recordings/${RECORDING_ID}`);
  await screen.findByTestId('recording-page');
  return { ...view, api };
}

beforeEach(() => {
  storeSession(fakeSession());
});

describe('/recordings/:id', () => {
  it.each<[RecordingStatus, string]>([
    ['recording', RECORDING_TEXTS.statusMeanings.recording],
    ['finished', RECORDING_TEXTS.statusMeanings.finished],
    ['cut_off', RECORDING_TEXTS.statusMeanings.cut_off],
  ])(
    'shows a %s recording with what that means, its seconds on the server and its deletion time',
    async (status, meaning) => {
      await openRecording(fakeRecording({ status, contiguous_chunks: 42 }));
      expect(screen.getByTestId('recording-status-badge')).toHaveTextContent(
        RECORDING_TEXTS.statusLabels[status],
      );
      expect(screen.getByTestId('recording-status-meaning')).toHaveTextContent(meaning);
      expect(screen.getByTestId('recording-seconds')).toHaveTextContent('42 seconds on the server');
      const deleteAt = screen.getByTestId('recording-delete-at');
      expect(deleteAt).toHaveAttribute('dateTime', '2026-01-02T12:00:00.000Z');
      expect(deleteAt).toHaveTextContent(/^Deleted automatically .+ \S+$/);
      const player = await screen.findByTestId('recording-player');
      expect(player.tagName).toBe('VIDEO');
      expect(player).toHaveAttribute('src', MEDIA_URL);
    },
  );

  it('opens while the person has an active alert: the active-alert screen links here', async () => {
    const active = {
      alert: fakeAlert(),
      emergencyContacts: 1,
      deliveries: [],
      summary: { successful: 0, total: 1 },
    };
    await openRecording(fakeRecording({ contiguous_chunks: 3 }), [
      { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [active] } },
    ]);
    expect(screen.queryByTestId('active-alert-screen')).not.toBeInTheDocument();
    expect(await screen.findByTestId('recording-player')).toBeInTheDocument();
  });

  it('plays sound-only recordings in an audio player, and asks for no URL while nothing is on the server', async () => {
    const { api } = await openRecording(fakeRecording({ type: 'audio', contiguous_chunks: 0 }));
    expect(screen.getByText(RECORDING_TEXTS.nothingYet)).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.endsWith('/playback'))).toBe(false);
  });

  it('shows the owner who watched it and lets them delete it after confirming', async () => {
    const { api, user, router } = await openRecording(fakeRecording({ contiguous_chunks: 3 }));
    const views = await screen.findByTestId('recording-views');
    await waitFor(() => expect(views).toHaveTextContent('Gus Guardian (guardian)'));
    expect(views).toHaveTextContent(RECORDING_TEXTS.viewerShareLink);

    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.delete }));
    const dialog = await screen.findByRole('alertdialog', { name: RECORDING_TEXTS.deleteConfirmTitle });
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: RECORDING_TEXTS.deleteConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText(RECORDING_TEXTS.deletedTitle)).toBeInTheDocument();
  });

  it("shows a guardian the ward's name, but neither who watched nor Delete", async () => {
    const { api } = await openRecording(
      fakeRecording({ user_id: WARD_ID, owner_name: 'Wendy Ward', contiguous_chunks: 3 }),
    );
    expect(screen.getByText(RECORDING_TEXTS.ownerLine('Wendy Ward'))).toBeInTheDocument();
    expect(screen.queryByTestId('recording-views')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RECORDING_TEXTS.delete })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path.endsWith('/views'))).toBe(false);
  });

  it("Verify: the download matches the server's signed record", async () => {
    const manifest = await signedManifest(PIECES);
    const { user, api } = await openRecording(fakeRecording({ status: 'finished', contiguous_chunks: 3 }), [
      { method: 'GET', path: `/api/recordings/${RECORDING_ID}/manifest`, body: manifest },
      { method: 'GET', path: MEDIA_URL, bytes: joined(PIECES) },
    ]);
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.verify }));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent(RECORDING_TEXTS.untampered(3));
    expect(result).toHaveAttribute('data-result', 'untampered');
    expect(api.requests.map((request) => request.path)).toContain(MEDIA_URL);
  });

  it('Verify: one changed byte is found, and says up to which second the copy matches', async () => {
    const manifest = await signedManifest(PIECES);
    const tampered = joined(PIECES);
    const flipped = (PIECES[0]?.length ?? 0) + 2; // a byte of the second piece
    tampered[flipped] = (tampered[flipped] ?? 0) ^ 0xff;
    const { user } = await openRecording(fakeRecording({ status: 'finished', contiguous_chunks: 3 }), [
      { method: 'GET', path: `/api/recordings/${RECORDING_ID}/manifest`, body: manifest },
      { method: 'GET', path: MEDIA_URL, bytes: tampered },
    ]);
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.verify }));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-result', 'mismatch');
    expect(result).toHaveTextContent(RECORDING_TEXTS.mismatch.piece_changed(1));
  });

  it('Verify: a signature by another key is not trusted', async () => {
    const manifest = await signedManifest(PIECES);
    const other = await signedManifest(PIECES);
    const { user } = await openRecording(fakeRecording({ status: 'finished', contiguous_chunks: 3 }), [
      {
        method: 'GET',
        path: `/api/recordings/${RECORDING_ID}/manifest`,
        body: { ...manifest, public_key: other.public_key },
      },
      { method: 'GET', path: MEDIA_URL, bytes: joined(PIECES) },
    ]);
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.verify }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent(RECORDING_TEXTS.badSignature);
  });

  it('Verify: without Ed25519 in the browser says the signature could not be checked here, and where to check it', async () => {
    const manifest = await signedManifest(PIECES);
    const { user } = await openRecording(fakeRecording({ status: 'finished', contiguous_chunks: 3 }), [
      { method: 'GET', path: `/api/recordings/${RECORDING_ID}/manifest`, body: manifest },
      { method: 'GET', path: MEDIA_URL, bytes: joined(PIECES) },
    ]);
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(
      Object.assign(new Error('Unrecognized name'), { name: 'NotSupportedError' }),
    );
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.verify }));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent(RECORDING_TEXTS.matchesNoEd25519(3));
    expect(result).toHaveTextContent('scripts/verify-recording.mjs');
  });

  it('Verify while recording checks what the record covers so far and says it is not signed yet', async () => {
    const manifest = await signedManifest(PIECES.slice(0, 2), { signed: false, status: 'recording' });
    const { user } = await openRecording(fakeRecording({ status: 'recording', contiguous_chunks: 2 }), [
      { method: 'GET', path: `/api/recordings/${RECORDING_ID}/manifest`, body: manifest },
      // The stream has moved on: a third piece arrived after the manifest was read.
      { method: 'GET', path: MEDIA_URL, bytes: joined(PIECES) },
    ]);
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.verify }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent(RECORDING_TEXTS.matchesUnsigned(2));
  });
});
