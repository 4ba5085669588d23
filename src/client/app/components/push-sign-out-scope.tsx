import { useEffect, useRef } from 'react';
import { useDevice } from '../../lib/device/device-context';

/**
 * Signing out ends this browser's Web Push subscription, so a shared device stops receiving the previous
 * person's ward alerts. (The server drops the subscription when the push service reports it gone.)
 */
export function PushSignOutScope({ userId }: { userId: string | null }) {
  const { push } = useDevice();
  const previous = useRef(userId);

  useEffect(() => {
    const before = previous.current;
    previous.current = userId;
    if (before !== null && before !== userId) void push.unsubscribe().catch(() => undefined);
  }, [userId, push]);

  return null;
}
