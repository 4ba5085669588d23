import { describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeEscort } from '../../testing/fake-journeys';
import { journeyAlertEnded } from './use-shown-journey';

const ALERT_ID = '00000005-0000-4000-8000-000000000009';
const detail = (id: string): AlertDetail => ({
  alert: fakeAlert({ id, trigger_type: 'escort_expired' }),
  emergencyContacts: 1,
  deliveries: [],
  summary: { successful: 0, total: 1 },
  responses: [],
  timeline: [],
});
const expired = fakeEscort({ status: 'expired', alert_id: ALERT_ID });

describe('journeyAlertEnded', () => {
  it('is true once the active alerts, read after the journey, no longer hold its alert', () => {
    expect(journeyAlertEnded(expired, 1000, { alerts: [], updatedAt: 2000 })).toBe(true);
    expect(journeyAlertEnded(expired, 1000, { alerts: [detail('other')], updatedAt: 1000 })).toBe(true);
  });

  it('is false while the alert is active, or the list is older than the journey or not read yet', () => {
    expect(journeyAlertEnded(expired, 1000, { alerts: [detail(ALERT_ID)], updatedAt: 2000 })).toBe(false);
    // The deadline has just fired: the list read before it cannot know the new alert.
    expect(journeyAlertEnded(expired, 2000, { alerts: [], updatedAt: 1000 })).toBe(false);
    expect(journeyAlertEnded(expired, 1000, { alerts: undefined, updatedAt: 0 })).toBe(false);
  });

  it('never ends an active journey, or one whose deadline raised no alert', () => {
    const live = { alerts: [], updatedAt: 2000 };
    expect(journeyAlertEnded(fakeEscort(), 1000, live)).toBe(false);
    expect(journeyAlertEnded(fakeEscort({ status: 'expired', alert_id: null }), 1000, live)).toBe(false);
    expect(journeyAlertEnded(null, 1000, live)).toBe(false);
  });
});
