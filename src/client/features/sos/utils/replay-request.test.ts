import { describe, expect, it } from 'vitest';
import type { CreateAlertRequest } from '#shared/schemas/alert';
import { replayRequest } from './replay-request';

const request: CreateAlertRequest = {
  triggerType: 'manual',
  location: { latitude: 51.5, longitude: -0.12, accuracy: 10 },
};
const raisedAt = Date.UTC(2026, 0, 1, 12, 0);

describe('replayRequest', () => {
  it('adds how long ago the alert was raised, in whole seconds, to the request as raised', () => {
    expect(replayRequest(request, raisedAt, raisedAt + 20 * 60_000 + 900)).toEqual({
      ...request,
      raisedSecondsAgo: 1200,
    });
  });

  it('counts a clock turned back as now, and caps a very old alert at the longest delay the server takes', () => {
    expect(replayRequest(request, raisedAt, raisedAt - 5000).raisedSecondsAgo).toBe(0);
    expect(replayRequest(request, raisedAt, raisedAt + 30 * 24 * 3_600_000).raisedSecondsAgo).toBe(
      7 * 24 * 3600,
    );
  });
});
