import { describe, expect, it } from 'vitest';
import { alertStateOf } from './alert-state';

const at = new Date('2026-01-01T00:00:00Z');

describe('alertStateOf', () => {
  it('follows the life of an alert: raised, escalating, acknowledged, resolved', () => {
    expect(alertStateOf({ resolved_at: null, acknowledged_at: null, escalation_round: 0 })).toBe('raised');
    expect(alertStateOf({ resolved_at: null, acknowledged_at: null, escalation_round: 2 })).toBe(
      'escalating',
    );
    expect(alertStateOf({ resolved_at: null, acknowledged_at: at, escalation_round: 2 })).toBe(
      'acknowledged',
    );
    expect(alertStateOf({ resolved_at: at, acknowledged_at: at, escalation_round: 1 })).toBe('resolved');
    expect(alertStateOf({ resolved_at: at, acknowledged_at: null, escalation_round: 0 })).toBe('resolved');
  });
});
