import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuardianRelationship, Ward } from '#shared/schemas/guardian';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { applyWardAlertRaised } from '../../features/guardians/api/ward-cache';
import { createWardActivityStore } from '../../features/guardians/stores/ward-activity-store';
import type { WardAlertRecord } from '../../features/guardians/utils/ward-alerts';
import type { NewNotification } from '../../features/notifications/stores/notifications-store';
import { alertKeys } from '../../features/sos/api/alert-keys';
import { applyRealtimeEvent, type RealtimeSinks } from './apply-realtime-event';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeCheckIn, fakeEscort, fakeWarning } from '../../testing/fake-journeys';
import { journeyKeys } from '../../features/journeys/api/journey-keys';
import { guardianKeys, wardKeys } from '../../features/guardians/api/guardian-keys';
import { recordingKeys } from '../../features/recording/api/recording-keys';
import { fakeRecording } from '../../testing/fake-recordings';

const VIEWER = '00000006-0000-4000-8000-000000000001';
const WARD = '00000002-0000-4000-8000-000000000001';

const alert = fakeAlert({ trigger_type: 'shake' });

function sinks(): RealtimeSinks & { notifications: NewNotification[] } {
  const notifications: NewNotification[] = [];
  return {
    queryClient: new QueryClient(),
    viewerId: VIEWER,
    wardActivity: createWardActivityStore(VIEWER),
    addNotification: (notification) => notifications.push(notification),
    notifications,
  };
}

function envelope(event: Omit<RealtimeEvent, 'id' | 'created_at'>): RealtimeEvent {
  return { id: 1, created_at: new Date().toISOString(), ...event } as RealtimeEvent;
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('applyRealtimeEvent', () => {
  it("files a ward's alert once and puts it on the notification list with the ward's name", async () => {
    const target = sinks();
    const ward = { ward_id: WARD, full_name: 'Bob Ward' } as Ward;
    target.queryClient.setQueryData(wardKeys.list(VIEWER), [ward]);
    const event = envelope({ type: 'alert.created', user_id: WARD, payload: alert });
    applyRealtimeEvent(event, { live: true }, target);
    applyRealtimeEvent(event, { live: false }, target);

    expect(target.queryClient.getQueryData<WardAlertRecord[]>(wardKeys.alerts(VIEWER))).toHaveLength(1);
    await vi.waitFor(() => expect(target.notifications).toHaveLength(1));
    expect(target.notifications[0]).toMatchObject({ type: 'error', title: 'Emergency alert from Bob Ward' });
  });

  it('reloads the own alerts when the event is about the viewer', () => {
    const target = sinks();
    const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
    applyRealtimeEvent(
      envelope({ type: 'alert.created', user_id: VIEWER, payload: alert }),
      { live: true },
      target,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: alertKeys.all });
    expect(target.queryClient.getQueryData(wardKeys.alerts(VIEWER))).toBeUndefined();
  });

  it('reloads the own alerts and journeys when the viewer ends an alert on another device, so the active-alert screen closes and no escort shows it', () => {
    const target = sinks();
    const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
    applyRealtimeEvent(
      envelope({ type: 'alert.resolved', user_id: VIEWER, payload: { ...alert, status: 'resolved' } }),
      { live: true },
      target,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: alertKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: journeyKeys.activeEscort(VIEWER) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: journeyKeys.activeCheckIn(VIEWER) });
  });

  it('adds `notification` events to the list', () => {
    const target = sinks();
    applyRealtimeEvent(
      envelope({
        type: 'notification',
        user_id: VIEWER,
        payload: {
          id: 'n1',
          type: 'success',
          title: 'Guardian request approved',
          message: 'Ada is now your guardian.',
        },
      }),
      { live: false },
      target,
    );
    expect(target.notifications).toEqual([
      { type: 'success', title: 'Guardian request approved', message: 'Ada is now your guardian.' },
    ]);
  });

  it('forgets an ex-ward when the link ends, and reloads the guardian data', () => {
    const target = sinks();
    applyWardAlertRaised(target.queryClient, VIEWER, WARD, alert);
    target.wardActivity?.dismiss(WARD, alert.id);
    const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
    const ended = {
      ward_id: WARD,
      guardian_id: VIEWER,
      role: 'guardian',
      status: 'ended',
    } as GuardianRelationship;
    applyRealtimeEvent(
      envelope({ type: 'relationship.updated', user_id: VIEWER, payload: ended }),
      { live: true },
      target,
    );
    expect(target.queryClient.getQueryData(wardKeys.alerts(VIEWER))).toEqual([]);
    expect(target.wardActivity?.getSnapshot().dismissed).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: wardKeys.all(VIEWER) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: guardianKeys.relationships(VIEWER) });
  });

  describe('journeys', () => {
    const escort = fakeEscort({ user_id: VIEWER });

    it("puts the viewer's own escort into the active-escort query, expired too, and clears it when completed", () => {
      const target = sinks();
      const key = journeyKeys.activeEscort(VIEWER);
      applyRealtimeEvent(
        envelope({ type: 'escort.updated', user_id: VIEWER, payload: escort }),
        { live: true },
        target,
      );
      expect(target.queryClient.getQueryData(key)).toEqual(escort);

      const expired = { ...escort, status: 'expired' as const, expired_at: escort.deadline_at };
      applyRealtimeEvent(
        envelope({ type: 'escort.updated', user_id: VIEWER, payload: expired }),
        { live: true },
        target,
      );
      expect(target.queryClient.getQueryData(key)).toEqual(expired);

      const completed = { ...escort, status: 'completed' as const, completed_at: escort.deadline_at };
      applyRealtimeEvent(
        envelope({ type: 'escort.updated', user_id: VIEWER, payload: completed }),
        { live: true },
        target,
      );
      expect(target.queryClient.getQueryData(key)).toBeNull();
      expect(target.queryClient.getQueryData(journeyKeys.wards(VIEWER))).toBeUndefined();
    });

    it("reloads the viewer's own check-in on checkin.updated", () => {
      const target = sinks();
      const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
      applyRealtimeEvent(
        envelope({ type: 'checkin.updated', user_id: VIEWER, payload: fakeCheckIn({ user_id: VIEWER }) }),
        { live: true },
        target,
      );
      expect(invalidate).toHaveBeenCalledWith({ queryKey: journeyKeys.activeCheckIn(VIEWER) });
    });

    it("reloads the wards' journeys when a ward's escort or check-in changes", () => {
      const target = sinks();
      const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
      applyRealtimeEvent(
        envelope({ type: 'escort.updated', user_id: WARD, payload: { ...escort, user_id: WARD } }),
        { live: true },
        target,
      );
      applyRealtimeEvent(
        envelope({ type: 'checkin.updated', user_id: WARD, payload: fakeCheckIn({ user_id: WARD }) }),
        { live: true },
        target,
      );
      expect(invalidate).toHaveBeenCalledTimes(2);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: journeyKeys.wards(VIEWER) });
      expect(target.queryClient.getQueryData(journeyKeys.activeEscort(VIEWER))).toBeUndefined();
    });

    it("notifies the guardian of a ward's silence with the time of the last signal, and of a dying battery", async () => {
      const target = sinks();
      target.queryClient.setQueryData(wardKeys.list(VIEWER), [
        { ward_id: WARD, full_name: 'Bob Ward' } as Ward,
      ]);
      const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
      const silence = fakeWarning({
        user_id: WARD,
        kind: 'silence',
        last_signal_at: '2026-05-01T13:05:00.000Z',
      });
      applyRealtimeEvent(
        envelope({ type: 'journey.warning', user_id: WARD, payload: silence }),
        { live: true },
        target,
      );
      applyRealtimeEvent(
        envelope({
          type: 'journey.warning',
          user_id: WARD,
          payload: { ...silence, kind: 'last_gasp', battery: 4 },
        }),
        { live: true },
        target,
      );
      expect(invalidate).toHaveBeenCalledWith({ queryKey: journeyKeys.wards(VIEWER) });
      await vi.waitFor(() => expect(target.notifications).toHaveLength(2));
      const time = new Date('2026-05-01T13:05:00.000Z').toLocaleTimeString(undefined, {
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(target.notifications[0]).toMatchObject({
        type: 'warning',
        title: `No signal from Bob Ward since ${time}`,
      });
      expect(target.notifications[0]?.message).toContain('51.500000, -0.120000');
      expect(target.notifications[1]).toMatchObject({ title: "Bob Ward's battery is at 4%" });

      // The ward's own devices are not warned about themselves.
      const own = sinks();
      applyRealtimeEvent(
        envelope({ type: 'journey.warning', user_id: VIEWER, payload: { ...silence, user_id: VIEWER } }),
        { live: true },
        own,
      );
      await Promise.resolve();
      expect(own.notifications).toEqual([]);
    });
  });

  it("reloads the person's own recordings when one of theirs changes, and tells them nothing", () => {
    const target = sinks();
    const invalidate = vi.spyOn(target.queryClient, 'invalidateQueries');
    const recording = fakeRecording({ user_id: VIEWER, status: 'finished' });
    applyRealtimeEvent(
      envelope({ type: 'recording.updated', user_id: VIEWER, payload: { ...recording, deleted: false } }),
      { live: true },
      target,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: recordingKeys.own(VIEWER) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: recordingKeys.detail(recording.id) });
    expect(target.notifications).toEqual([]);
  });

  it("puts a ward's new recording on the notification list once, also when caught up later", async () => {
    const target = sinks();
    const recording = fakeRecording({ user_id: WARD, owner_name: 'Bob Ward' });
    const started = envelope({
      type: 'recording.updated',
      user_id: WARD,
      payload: { ...recording, deleted: false },
    });
    applyRealtimeEvent(started, { live: false }, target);
    applyRealtimeEvent(started, { live: false }, target);
    await vi.waitFor(() => expect(target.notifications).toHaveLength(1));
    expect(target.notifications[0]).toMatchObject({ type: 'warning', title: 'Bob Ward started recording' });
  });
});
