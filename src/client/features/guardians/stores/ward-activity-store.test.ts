import { afterEach, describe, expect, it } from 'vitest';
import { clearWardActivity, createWardActivityStore } from './ward-activity-store';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const WARD = '00000002-0000-4000-8000-000000000001';
const OTHER_WARD = '00000002-0000-4000-8000-000000000002';
const ALERT_B = '00000005-0000-4000-8000-00000000000b';
const ALERT_A = '00000005-0000-4000-8000-00000000000a';

afterEach(() => window.sessionStorage.clear());

describe('ward activity store (closed banners)', () => {
  it('records a closed banner once and tells listeners only when something changed', () => {
    const store = createWardActivityStore('viewer', () => NOW);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.dismiss(WARD, ALERT_A);
    store.dismiss(WARD, ALERT_A);
    expect(store.getSnapshot().dismissed.map((entry) => entry.alert_id)).toEqual([ALERT_A]);
    expect(calls).toBe(1);
  });

  it('survives a reload of the tab, forgets a ward whose link ended, and is cleared on sign-out', () => {
    const first = createWardActivityStore('viewer', () => NOW);
    first.dismiss(WARD, ALERT_A);
    first.dismiss(OTHER_WARD, ALERT_B);
    const reloaded = createWardActivityStore('viewer', () => NOW);
    expect(reloaded.getSnapshot().dismissed).toHaveLength(2);
    reloaded.forgetWard(WARD);
    expect(reloaded.getSnapshot().dismissed.map((entry) => entry.alert_id)).toEqual([ALERT_B]);
    clearWardActivity('viewer');
    expect(createWardActivityStore('viewer', () => NOW).getSnapshot()).toEqual({ dismissed: [] });
  });
});
