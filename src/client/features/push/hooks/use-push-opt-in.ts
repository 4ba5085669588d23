import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { PUSH_OPT_IN_TEXTS } from '#shared/push-opt-in-texts';
import { useDevice } from '../../../lib/device/device-context';
import { deleteSubscription, getVapidPublicKey, saveSubscription } from '../api/push-subscriptions';
import { notifyError } from '../../../lib/notify-error';

/** The browser refused the Notification permission: a failure like any other, told with how to allow it. */
const PERMISSION_DENIED = new Error('Notification permission denied');

/** 'unsupported' and 'denied' cannot be switched on from here; 'checking' until the browser answered. */
export type PushOptInState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export type PushOptIn = { state: PushOptInState; busy: boolean; setEnabled: (enabled: boolean) => void };

/**
 * "Get alerts when Beacon is closed": on asks for the Notification permission, subscribes this browser's service
 * worker with the server's VAPID key and registers the subscription; off removes it from the server and the
 * browser. The switch shows this browser's subscription.
 */
export function usePushOptIn(): PushOptIn {
  const { push } = useDevice();
  const [state, setState] = useState<PushOptInState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    if (!push.isSupported()) {
      setState('unsupported');
      return;
    }
    void push
      .getSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (!active) return;
        if (subscription) setState('on');
        else setState(push.permission() === 'denied' ? 'denied' : 'off');
      });
    return () => {
      active = false;
    };
  }, [push]);

  const turnOn = useCallback(async (): Promise<void> => {
    const permission = push.permission() === 'granted' ? 'granted' : await push.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'denied' : 'off');
      if (permission === 'denied') throw PERMISSION_DENIED;
      return;
    }
    const subscription = await push.subscribe(await getVapidPublicKey());
    try {
      await saveSubscription(subscription);
    } catch (error) {
      // The server does not know it: an orphan subscription would look "on" here but never ring.
      await push.unsubscribe().catch(() => null);
      throw error;
    }
    setState('on');
    toast.success(PUSH_OPT_IN_TEXTS.enabledTitle, { description: PUSH_OPT_IN_TEXTS.enabled });
  }, [push]);

  const turnOff = useCallback(async (): Promise<void> => {
    const current = await push.getSubscription();
    if (current) await deleteSubscription(current.endpoint);
    await push.unsubscribe();
    setState('off');
    toast.success(PUSH_OPT_IN_TEXTS.disabledTitle);
  }, [push]);

  const setEnabled = useCallback(
    (enabled: boolean): void => {
      setBusy(true);
      (enabled ? turnOn() : turnOff())
        .catch((error: unknown) => {
          // Server answers are shown verbatim; the browser's own push errors are cryptic, so they get ours.
          const fallback = error === PERMISSION_DENIED ? PUSH_OPT_IN_TEXTS.denied : PUSH_OPT_IN_TEXTS.failed;
          notifyError(error, { fallback });
        })
        .finally(() => setBusy(false));
    },
    [turnOn, turnOff],
  );

  return { state, busy, setEnabled };
}
