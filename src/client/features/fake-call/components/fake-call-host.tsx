import { useEffect, useState } from 'react';
import { keepScreenAwake, type WakeLockState } from '../../../lib/device/wake-lock';
import { endFakeCall, ringFakeCall, useFakeCall } from '../stores/fake-call-store';
import { CallScreen } from './call-screen';
import { IncomingCallScreen } from './incoming-call-screen';
import { ScheduledCallIndicator } from './scheduled-call-indicator';

/**
 * Fake Call on whichever screen of the app shell the person is (docs/PRODUCT.md#fake-call): the waiting line, then
 * the incoming call when its time comes, then the call. While a call is scheduled or under way the screen is kept
 * awake where the browser allows: a page whose screen went off cannot ring. The shell mounts it (loaded on demand)
 * for the signed-in person while they have no active alert; unmounted (signed out, an alert raised), it cancels
 * the call, which would otherwise ring over an emergency.
 */
export function FakeCallHost() {
  const call = useFakeCall();
  const [wakeLock, setWakeLock] = useState<WakeLockState>('off');
  const active = call.phase !== 'idle';

  useEffect(() => endFakeCall, []);

  const ringAt = call.phase === 'scheduled' ? call.ringAt : null;
  useEffect(() => {
    if (ringAt === null) return;
    const timer = window.setTimeout(ringFakeCall, Math.max(0, ringAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [ringAt]);

  useEffect(() => (active ? keepScreenAwake(setWakeLock) : undefined), [active]);

  switch (call.phase) {
    case 'idle':
      return null;
    case 'scheduled':
      return <ScheduledCallIndicator ringAt={call.ringAt} wakeLock={wakeLock} />;
    case 'ringing':
      return <IncomingCallScreen callerName={call.callerName} />;
    case 'in-call':
      return <CallScreen callerName={call.callerName} answeredAt={call.answeredAt} />;
  }
}
