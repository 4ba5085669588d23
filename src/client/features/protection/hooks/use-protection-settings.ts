import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ProtectionSettings } from '#shared/protection';
import { protectionSettingsQueryOptions } from '../api/get-protection-settings';
import { keepScreenOnChoice } from '../stores/keep-screen-on';
import { savedProtectionSettings } from '../stores/saved-protection-settings';

export type ProtectionSettingsView = {
  /** The server's settings, else the copy this device kept; null when neither is known. */
  settings: ProtectionSettings | null;
  /** The server's answer is in (not only the device's copy). */
  loaded: boolean;
  /** The server could not be asked and the device has no copy. */
  failed: boolean;
};

function settingsOf(answer: ProtectionSettings & { updated_at?: unknown }): ProtectionSettings {
  const {
    enabled,
    shakeEnabled,
    loudSoundEnabled,
    voiceEnabled,
    motionThreshold,
    keywords,
    recognitionAccuracy,
  } = answer;
  return {
    enabled,
    shakeEnabled,
    loudSoundEnabled,
    voiceEnabled,
    motionThreshold,
    keywords,
    recognitionAccuracy,
  };
}

/** The person's protection settings, from the server and kept on this device for the next time it is offline. */
export function useProtectionSettings(userId: string): ProtectionSettingsView {
  const query = useQuery(protectionSettingsQueryOptions(userId));
  const store = savedProtectionSettings(userId);
  const saved = useSyncExternalStore(store.subscribe, store.get);
  const { data } = query;
  useEffect(() => {
    if (data) store.set(settingsOf(data));
  }, [data, store]);
  const fromServer = useMemo(() => (data ? settingsOf(data) : null), [data]);
  return {
    settings: fromServer ?? saved,
    loaded: Boolean(data),
    failed: !data && !saved && query.isError,
  };
}

/** This device's "Keep the screen on" choice and its setter. */
export function useKeepScreenOn(userId: string): [boolean, (keep: boolean) => void] {
  const store = keepScreenOnChoice(userId);
  return [useSyncExternalStore(store.subscribe, store.get), store.set];
}
