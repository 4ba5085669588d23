/**
 * `on`: the screen is kept awake. `unsupported`: this browser has no Screen Wake Lock API (Safari before 16.4,
 * Firefox before 126). `lost`: the browser refused or released it (battery saver, the page was hidden) and it could
 * not be taken back. `off`: not asked for.
 */
export type WakeLockState = 'on' | 'unsupported' | 'lost' | 'off';

type WakeLockHandle = { release(): Promise<void>; addEventListener(type: 'release', fn: () => void): void };
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockHandle> };

function wakeLockApi(): WakeLockApi | null {
  const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
  return api ?? null;
}

/**
 * Keeps the screen on until the returned function is called. A browser releases the lock when the page is hidden;
 * it is asked for again each time the page becomes visible. `onChange` hears every change of state.
 */
export function keepScreenAwake(onChange: (state: WakeLockState) => void): () => void {
  const api = wakeLockApi();
  if (!api) {
    onChange('unsupported');
    return () => onChange('off');
  }
  let active = true;
  let handle: WakeLockHandle | null = null;
  const acquire = async (): Promise<void> => {
    try {
      const next = await api.request('screen');
      if (!active) {
        void next.release();
        return;
      }
      handle = next;
      onChange('on');
      next.addEventListener('release', () => {
        if (handle === next) handle = null;
        if (active) onChange('lost');
      });
    } catch {
      if (active) onChange('lost');
    }
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'visible' && !handle) void acquire();
  };
  document.addEventListener('visibilitychange', onVisibility);
  void acquire();
  return () => {
    active = false;
    document.removeEventListener('visibilitychange', onVisibility);
    const held = handle;
    handle = null;
    if (held) void held.release().catch(() => undefined);
    onChange('off');
  };
}
