import { useEffect, useState } from 'react';
import { useDevice } from './device-context';

/** Online/offline from the device's network adapter (browser online and offline events). */
export function useOnline(): boolean {
  const { network } = useDevice();
  const [online, setOnline] = useState(() => network.isOnline());
  useEffect(() => {
    // The adapter may have changed, or the status moved between render and subscribe.
    setOnline(network.isOnline());
    return network.subscribe(setOnline);
  }, [network]);
  return online;
}
