import { describe, expect, it, vi } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import {
  enqueueAlert,
  flushAlertQueue,
  parseAlertQueue,
  removeAlerts,
  replayRequest,
  type QueuedAlert,
} from './alert-queue';
import { fakeAlert } from '../../../testing/fake-alert';

function queued(key: string, minute = 0): QueuedAlert {
  return {
    idempotencyKey: key,
    userId: '00000001-0000-4000-8000-000000000001',
    request: { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12, accuracy: 10 } },
    queuedAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
  };
}

function detail(id: string): AlertDetail {
  return {
    alert: fakeAlert({ id }, '2026-01-01T12:00:00.000Z'),
    emergencyContacts: 1,
    deliveries: [],
    summary: { successful: 1, total: 1 },
  };
}

describe('alert queue', () => {
  it('parses a stored queue and drops only corrupt entries', () => {
    const good = queued('a');
    expect(
      parseAlertQueue([
        good,
        { idempotencyKey: 'b' },
        'junk',
        { ...queued('c'), request: { triggerType: 'nope' } },
      ]),
    ).toEqual([good]);
    expect(parseAlertQueue(null)).toEqual([]);
    expect(parseAlertQueue({ not: 'a list' })).toEqual([]);
  });

  it('keeps one entry per idempotency key', () => {
    const first = queued('a', 1);
    const queue = enqueueAlert(enqueueAlert([], first), { ...queued('a', 5) });
    expect(queue).toEqual([first]);
    expect(enqueueAlert(queue, queued('b'))).toHaveLength(2);
  });

  it('removes by key', () => {
    expect(removeAlerts([queued('a'), queued('b')], new Set(['a']))).toEqual([queued('b')]);
  });

  it('sends oldest first, each once, with its own key', async () => {
    const send = vi.fn(async (alert: QueuedAlert) => detail(`alert-${alert.idempotencyKey}`));
    const report = await flushAlertQueue([queued('late', 9), queued('early', 1)], send, () => 'retry');
    expect(send.mock.calls.map(([alert]) => alert.idempotencyKey)).toEqual(['early', 'late']);
    expect(report.sent.map((entry) => entry.detail.alert.id)).toEqual(['alert-early', 'alert-late']);
    expect(report.remaining).toEqual([]);
  });

  it('stops at the first retryable failure and keeps the rest in order', async () => {
    const send = vi
      .fn<(alert: QueuedAlert) => Promise<AlertDetail>>()
      .mockResolvedValueOnce(detail('one'))
      .mockRejectedValueOnce(new Error('offline'));
    const report = await flushAlertQueue(
      [queued('a', 1), queued('b', 2), queued('c', 3)],
      send,
      () => 'retry',
    );
    expect(send).toHaveBeenCalledTimes(2);
    expect(report.sent).toHaveLength(1);
    expect(report.remaining.map((alert) => alert.idempotencyKey)).toEqual(['b', 'c']);
  });

  it('drops an alert the server refuses and goes on with the next', async () => {
    const send = vi
      .fn<(alert: QueuedAlert) => Promise<AlertDetail>>()
      .mockRejectedValueOnce(new Error('400'))
      .mockResolvedValueOnce(detail('two'));
    const report = await flushAlertQueue([queued('a', 1), queued('b', 2)], send, () => 'drop');
    expect(report.dropped.map((entry) => entry.alert.idempotencyKey)).toEqual(['a']);
    expect(report.sent.map((entry) => entry.alert.idempotencyKey)).toEqual(['b']);
    expect(report.remaining).toEqual([]);
  });
});

describe('replayRequest', () => {
  const raisedAt = Date.UTC(2026, 0, 1, 12, 0);

  it('adds how long ago the alert was raised, in whole seconds, to the request as raised', () => {
    expect(replayRequest(queued('a'), raisedAt + 20 * 60_000 + 900)).toEqual({
      ...queued('a').request,
      raisedSecondsAgo: 1200,
    });
  });

  it('counts a clock turned back as now, and caps a very old alert at the longest delay the server takes', () => {
    expect(replayRequest(queued('a'), raisedAt - 5000).raisedSecondsAgo).toBe(0);
    expect(replayRequest(queued('a'), raisedAt + 30 * 24 * 3_600_000).raisedSecondsAgo).toBe(7 * 24 * 3600);
  });
});
