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
