import { describe, expect, it, vi } from 'vitest';
import { RECORDING } from '#shared/constants';
import { installFakeMedia } from '../../../testing/fake-media';
import { getRecorderSnapshot, resetRecorder, restartForEmergency } from './recorder';

const USER_ID = '00000001-0000-4000-8000-000000000001';
const EMERGENCY = { escortSessionId: '00000009-0000-4000-8000-000000000001', alertId: 'alert-1' };

// The client test files share this module (vitest.config.ts): a restart one test asked for must not start a
// recording in the next one, whose camera and outbox are its own.
describe('the emergency restart and the reset between tests', () => {
  it('restarts the recording as the emergency’s once its delay has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const media = installFakeMedia();
    restartForEmergency(USER_ID, EMERGENCY);

    await vi.advanceTimersByTimeAsync(RECORDING.restartOnEmergencyMs);
    await vi.waitFor(() => expect(getRecorderSnapshot().phase).toBe('recording'));
    expect(getRecorderSnapshot().current?.context).toEqual({ origin: 'escort_emergency', ...EMERGENCY });
    expect(media.recorders).toHaveLength(1);
  });

  it('cancels a restart still waiting, as a fresh page has none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const media = installFakeMedia();
    restartForEmergency(USER_ID, EMERGENCY);
    resetRecorder();

    await vi.advanceTimersByTimeAsync(RECORDING.restartOnEmergencyMs);
    expect(getRecorderSnapshot().phase).toBe('idle');
    expect(media.recorders).toEqual([]);
  });
});
