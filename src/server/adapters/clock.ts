/** Time behind an interface so tests can move it; every deadline and expiry reads it from here. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function manualClock(
  start = new Date('2026-01-01T12:00:00Z'),
): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

/** A clock that runs with `base` but can be moved forward (never back): development's DEV_CLOCK_CONTROL. */
export type OffsetClock = Clock & { advance(ms: number): void; offsetMs(): number };

export function offsetClock(base: Clock): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
    offsetMs: () => offset,
  };
}
