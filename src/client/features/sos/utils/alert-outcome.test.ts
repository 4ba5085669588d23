import { describe, expect, it } from 'vitest';
import type { AlertDeliveryStatus } from '#shared/schemas/alert';
import { classifyAlert } from './alert-outcome';

const alertWith = (statuses: AlertDeliveryStatus[]) => ({
  summary: { successful: statuses.filter((s) => s === 'sent').length, total: statuses.length },
  deliveries: statuses.map((status, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    purpose: 'alert' as const,
    channel: 'sms' as const,
    recipient: `+1555000000${i}`,
    recipient_name: null,
    status,
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: null,
  })),
});

describe('classifyAlert', () => {
  it('says sent when every number was texted', () => {
    expect(classifyAlert(alertWith(['sent', 'sent']))).toBe('sent');
  });
  it('says partial when some were', () => {
    expect(classifyAlert(alertWith(['sent', 'failed', 'pending']))).toBe('partial');
  });
  it('says failed when none were (or there was nobody)', () => {
    expect(classifyAlert(alertWith(['failed', 'pending']))).toBe('failed');
    expect(classifyAlert(alertWith([]))).toBe('failed');
  });
  it('never says sent for texts kept in the dev outbox', () => {
    expect(classifyAlert(alertWith(['kept_in_dev_outbox', 'kept_in_dev_outbox']))).toBe('kept_in_dev_outbox');
    expect(classifyAlert(alertWith(['kept_in_dev_outbox', 'failed']))).toBe('kept_in_dev_outbox');
  });
});
