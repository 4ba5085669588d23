import { describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress, AlertTimelineEntry } from '#shared/schemas/alert-life';
import { fakeAlert } from '../../../testing/fake-alert';
import { withProgress } from './alert-progress';

const alert = fakeAlert({}, '2026-05-01T12:00:00.000Z');
const entry = (id: string, at: string, overrides: Partial<AlertTimelineEntry> = {}): AlertTimelineEntry => ({
  id,
  kind: 'raised',
  at,
  actor_name: null,
  response: null,
  escalation_step: null,
  round: null,
  call_outcome: null,
  ...overrides,
});
const detail: AlertDetail = {
  alert,
  emergencyContacts: 0,
  deliveries: [],
  summary: { successful: 0, total: 0 },
  responses: [],
  timeline: [entry('1', '2026-05-01T12:00:00.000Z')],
};
const answered: AlertProgress = {
  alert_id: alert.id,
  state: 'acknowledged',
  entry: entry('2', '2026-05-01T12:02:00.000Z', {
    kind: 'responded',
    actor_name: 'Maria',
    response: 'on_my_way',
  }),
  responses: [
    {
      id: '00000006-0000-4000-8000-000000000001',
      alert_id: alert.id,
      responder_kind: 'guardian',
      responder_name: 'Maria',
      response: 'on_my_way',
      responded_at: '2026-05-01T12:02:00.000Z',
    },
  ],
};

describe('the person’s alert moving on (alert.progress)', () => {
  it('takes the state and the answers, and adds the entry to the timeline once', () => {
    const next = withProgress(detail, answered);
    expect(next.alert).toMatchObject({ state: 'acknowledged', acknowledged_at: '2026-05-01T12:02:00.000Z' });
    expect(next.responses).toEqual(answered.responses);
    expect(next.timeline.map((e) => e.id)).toEqual(['1', '2']);
    expect(withProgress(next, answered)).toBe(next);
  });

  it('leaves another alert and an ended one as they are', () => {
    expect(withProgress(detail, { ...answered, alert_id: '00000005-0000-4000-8000-0000000000ff' })).toBe(
      detail,
    );
    const ended = { ...detail, alert: { ...alert, status: 'resolved' as const, state: 'resolved' as const } };
    expect(withProgress(ended, answered)).toBe(ended);
  });

  it('puts a step that arrives after a later one in its place, without undoing the later answers', () => {
    const later = withProgress(detail, {
      ...answered,
      entry: {
        ...answered.entry,
        id: '3',
        at: '2026-05-01T12:05:00.000Z',
        actor_name: 'Omar',
        response: 'calling',
      },
      responses: [
        ...answered.responses,
        {
          ...answered.responses[0]!,
          id: '00000006-0000-4000-8000-000000000002',
          responder_name: 'Omar',
          response: 'calling',
          responded_at: '2026-05-01T12:05:00.000Z',
        },
      ],
    });
    const next = withProgress(later, answered);
    expect(next.timeline.map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(next.responses.map((r) => r.responder_name)).toEqual(['Maria', 'Omar']);
  });
});
