import { describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { alertOutcomeNotification } from './alert-outcome-notification';
import { fakeAlert } from '../../testing/fake-alert';

function detail(successful: number, total: number): AlertDetail {
  return {
    alert: fakeAlert({}, '2026-01-01T12:00:00.000Z'),
    emergencyContacts: total,
    deliveries: [],
    summary: { successful, total },
    responses: [],
    timeline: [],
  };
}

describe('alertOutcomeNotification', () => {
  it('maps each outcome to a notification of the right type', () => {
    expect(alertOutcomeNotification({ kind: 'sent', detail: detail(2, 2), replayed: false })).toEqual({
      type: 'success',
      title: 'Emergency Alert Sent',
      message: 'Your alert reached all 2 of your emergency contacts.',
    });
    expect(
      alertOutcomeNotification({ kind: 'partial', detail: detail(1, 3), replayed: false }),
    ).toMatchObject({
      type: 'warning',
      title: 'Partial Emergency Alert Sent',
      message: expect.stringContaining('1 of 3'),
    });
    expect(alertOutcomeNotification({ kind: 'failed', detail: detail(0, 2), replayed: true })).toMatchObject({
      type: 'error',
      title: 'Emergency Alert Failed',
    });
    expect(alertOutcomeNotification({ kind: 'queued' })).toMatchObject({ type: 'warning' });
    expect(alertOutcomeNotification({ kind: 'error', message: 'Nope' })).toEqual({
      type: 'error',
      title: 'Beacon did not send your alert',
      message: 'Nope',
    });
  });
});
