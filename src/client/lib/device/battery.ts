/** The Battery Status API (Chromium only); absent elsewhere, which callers treat as "unknown". */
export type BatteryAdapter = {
  /**
   * Calls `onLevel` with the current level (0–1) and on every change. Resolves with an unsubscribe function, or
   * null when the browser has no battery interface.
   */
  watch(onLevel: (level: number) => void): Promise<(() => void) | null>;
};

type BatteryManagerLike = EventTarget & { level: number };
type NavigatorWithBattery = Navigator & { getBattery?: () => Promise<BatteryManagerLike> };

export const browserBattery: BatteryAdapter = {
  async watch(onLevel) {
    const nav = navigator as NavigatorWithBattery;
    if (typeof nav.getBattery !== 'function') return null;
    try {
      const battery = await nav.getBattery();
      const report = (): void => onLevel(battery.level);
      report();
      battery.addEventListener('levelchange', report);
      return () => battery.removeEventListener('levelchange', report);
    } catch {
      return null;
    }
  },
};
