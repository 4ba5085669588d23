import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING } from '#shared/constants';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { recordingOutboxKind } from '../../features/recording/api/recording-outbox';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { installFakeMedia, type FakeMediaOptions } from '../../testing/fake-media';
import { recordingUploadRoutes, uploadSteps, RECORDING_ID } from '../../testing/fake-recordings';
import { renderApp, storeSession } from '../../testing/render-app';

const USER_ID = '00000001-0000-4000-8000-000000000001';

const baseRoutes: FakeRoute[] = [
  { method: 'GET', path: '/api/profile', body: fakeProfile() },
  { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
  { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [] } },
];

async function openSos(media: FakeMediaOptions = {}, device: FakeDevice = createFakeDevice()) {
  const fakeMedia = installFakeMedia(media);
  const api = mockApi([...baseRoutes, ...recordingUploadRoutes()]);
  const view = await renderApp('/sos', { device });
  await screen.findByRole('heading', { name: 'Emergency SOS', level: 1 });
  const controls = await screen.findByTestId('recording-controls');
  return { ...view, api, media: fakeMedia, device, controls };
}

async function startRecording(user: Awaited<ReturnType<typeof openSos>>['user']) {
  await user.click(await screen.findByRole('button', { name: RECORDING_TEXTS.record }));
  await screen.findByRole('button', { name: RECORDING_TEXTS.stop });
}

/** The recording's steps still waiting in the device outbox. */
function waitingSteps(): Promise<string[]> {
  return deviceOutbox.ids(recordingOutboxKind, USER_ID);
}

beforeEach(() => {
  storeSession(fakeSession());
});

describe('emergency recording on /sos', () => {
  it('records video at the set quality and sends each second to the server in order, then the finish', async () => {
    const { user, api, media, controls } = await openSos();
    expect(within(controls).getByTestId('recording-limits')).toHaveTextContent(RECORDING_TEXTS.limits);
    await startRecording(user);

    expect(media.requests[0]).toEqual({
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
      audio: { sampleRate: 44_100 },
    });
    const recorder = media.recorder();
    expect(recorder.options).toEqual({
      mimeType: 'video/webm;codecs=vp8,opus',
      videoBitsPerSecond: 2_500_000,
      audioBitsPerSecond: 128_000,
    });
    expect(recorder.timeslice).toBe(RECORDING.chunkMs);
    expect(screen.getByText(RECORDING_TEXTS.recordingVideo)).toBeInTheDocument();
    expect(screen.getByTestId('recording-limits')).toHaveTextContent(RECORDING_TEXTS.wakeLockOn);

    for (const piece of ['one', 'two', 'three']) recorder.emitPiece(piece);
    await waitFor(() =>
      expect(uploadSteps(api.requests)).toEqual(['start', 'piece 0', 'piece 1', 'piece 2']),
    );
    await waitFor(() =>
      expect(screen.getByTestId('recording-progress')).toHaveTextContent('3 of 3 seconds on the server'),
    );
    const start = api.requests.find((request) => request.path === '/api/recordings');
    expect(start?.body).toEqual({
      clientId: expect.stringMatching(/^rec_\d{13}$/) as unknown,
      type: 'video',
      mimeType: 'video/webm;codecs=vp8,opus',
      origin: 'sos',
    });
    const piece = api.fetchMock.mock.calls.find(([path]) => String(path).endsWith('/chunks/0'));
    expect(new Headers(piece?.[1]?.headers).get('content-type')).toBe('application/octet-stream');
    expect(new TextDecoder().decode(piece?.[1]?.body as ArrayBuffer)).toBe('one');

    recorder.lastPiece = new TextEncoder().encode('four');
    await user.click(screen.getByRole('button', { name: RECORDING_TEXTS.stop }));
    await waitFor(() => expect(uploadSteps(api.requests).slice(-2)).toEqual(['piece 3', 'finish']));
    const finish = api.requests.find((request) => request.path.endsWith('/finish'));
    expect(finish?.body).toEqual({ chunkCount: 4, reason: 'stopped' });
    expect(media.wakeLocks[0]?.released).toBe(true);
    expect(recorder.stream.getTracks().every((track) => track.stopped)).toBe(true);
    expect(await screen.findByRole('link', { name: RECORDING_TEXTS.openRecording })).toHaveAttribute(
      'href',
      `/recordings/${RECORDING_ID}`,
    );
    await waitFor(async () => expect(await waitingSteps()).toEqual([]));
    // Stopped: the numbers are the last recording's, and every second of it is on the server.
    expect(screen.getByText(RECORDING_TEXTS.lastRecording)).toBeInTheDocument();
    expect(await screen.findByTestId('recording-all-uploaded')).toHaveTextContent(
      RECORDING_TEXTS.allUploaded,
    );
    expect(screen.getByTestId('recording-progress')).toHaveTextContent('4 of 4 seconds on the server');
  });

  it('keeps the pieces on the phone while offline, says so, and sends them when the connection returns', async () => {
    const device = createFakeDevice();
    const { user, api, media } = await openSos({}, device);
    act(() => device.setOnline(false));
    await startRecording(user);
    const recorder = media.recorder();
    recorder.emitPiece('one');
    recorder.emitPiece('two');

    await waitFor(() =>
      expect(screen.getByTestId('recording-upload-failed')).toHaveTextContent(
        RECORDING_TEXTS.uploadFailed(2),
      ),
    );
    expect(screen.getByTestId('recording-upload-failed')).toHaveTextContent(
      RECORDING_TEXTS.uploadFailedTitle,
    );
    expect(screen.getByTestId('recording-progress')).toHaveTextContent('0 of 2 seconds on the server');
    expect((await waitingSteps()).length).toBe(3);
    expect(uploadSteps(api.requests)).toEqual([]);

    act(() => device.setOnline(true));
    await waitFor(() => expect(uploadSteps(api.requests)).toEqual(['start', 'piece 0', 'piece 1']));
    await waitFor(() => expect(screen.queryByTestId('recording-upload-failed')).not.toBeInTheDocument());
    expect(screen.getByTestId('recording-progress')).toHaveTextContent('2 of 2 seconds on the server');
  });

  it('says Upload Failed while the server cannot be reached, keeping the pieces for the next try', async () => {
    const { user, api, media } = await openSos();
    // The server is down for pieces: every upload of one fails.
    api.routes.unshift({
      method: 'PUT',
      path: `/api/recordings/${RECORDING_ID}/chunks/0`,
      status: 503,
      body: { error: 'service_unavailable', message: 'Down' },
    });
    await startRecording(user);
    media.recorder().emitPiece('one');
    await waitFor(() =>
      expect(screen.getByTestId('recording-upload-failed')).toHaveTextContent(
        RECORDING_TEXTS.uploadFailed(1),
      ),
    );
    expect(await waitingSteps()).toEqual([expect.stringMatching(/\/1-000$/) as unknown]);
  });

  it('stops by itself after the maximum duration and says so', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const { user, api, media } = await openSos();
    await startRecording(user);
    media.recorder().emitPiece('one');
    await act(() => vi.advanceTimersByTimeAsync(RECORDING.maxDurationSeconds * 1000 - 1000));
    expect(media.recorder().state).toBe('recording');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(RECORDING_TEXTS.autoStoppedTitle)).toBeInTheDocument();
    expect(media.recorder().state).toBe('inactive');
    await waitFor(() => expect(uploadSteps(api.requests).at(-1)).toBe('finish'));
    const finish = api.requests.find((request) => request.path.endsWith('/finish'));
    expect(finish?.body).toEqual({ chunkCount: 1, reason: 'auto_stopped' });
    expect(await screen.findByRole('button', { name: RECORDING_TEXTS.record })).toBeInTheDocument();
  });

  it('records sound only when the camera is refused but the microphone is not', async () => {
    const { user, api, media } = await openSos({ camera: 'denied' });
    await startRecording(user);
    expect(media.requests.map((request) => Object.keys(request))).toEqual([['video', 'audio'], ['audio']]);
    expect(media.recorder().options).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 128_000,
    });
    expect(screen.getByText(RECORDING_TEXTS.recordingAudio)).toBeInTheDocument();
    expect(screen.getByText(RECORDING_TEXTS.audioOnlyReason)).toBeInTheDocument();
    await waitFor(() => expect(uploadSteps(api.requests)).toEqual(['start']));
    expect(api.requests.find((request) => request.path === '/api/recordings')?.body).toMatchObject({
      type: 'audio',
      mimeType: 'audio/webm;codecs=opus',
    });
  });

  it('records sound only on a phone without a camera (Safari: MP4)', async () => {
    const { user, media } = await openSos({ camera: 'missing', supportedTypes: ['video/mp4', 'audio/mp4'] });
    await startRecording(user);
    expect(media.recorder().options.mimeType).toBe('audio/mp4');
  });

  it('says Permission Denied when camera and microphone are both refused, and records nothing', async () => {
    const { user, media } = await openSos({ camera: 'denied', microphone: 'denied' });
    await user.click(await screen.findByRole('button', { name: RECORDING_TEXTS.record }));
    expect(await screen.findByText(RECORDING_TEXTS.permissionDeniedTitle)).toBeInTheDocument();
    expect(screen.getByText(RECORDING_TEXTS.permissionDenied)).toBeInTheDocument();
    expect(media.recorders).toEqual([]);
    expect(screen.getByRole('button', { name: RECORDING_TEXTS.record })).toBeEnabled();
  });

  it('says Recording Failed when no camera or microphone can be opened', async () => {
    const { user } = await openSos({ camera: 'missing', microphone: 'missing' });
    await user.click(await screen.findByRole('button', { name: RECORDING_TEXTS.record }));
    expect(await screen.findByText(RECORDING_TEXTS.recordingFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(RECORDING_TEXTS.recordingFailed)).toBeInTheDocument();
  });

  it('says plainly when the browser cannot keep the screen awake', async () => {
    const { user } = await openSos({ wakeLock: false });
    await startRecording(user);
    expect(screen.getByTestId('recording-limits')).toHaveTextContent(RECORDING_TEXTS.wakeLockUnsupported);
  });
});
