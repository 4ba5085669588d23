import { PROTECTION } from '../protection';

/** After one detection, none for `cooldownMs`: a single shake or shout opens one countdown, not ten. */
export function createCooldown(cooldownMs: number = PROTECTION.cooldownMs): {
  /** True (and the cooldown starts) when a detection at `now` may act; false while cooling down. */
  tryAct: (now: number) => boolean;
} {
  let lastAct = Number.NEGATIVE_INFINITY;
  return {
    tryAct(now) {
      if (now - lastAct < cooldownMs) return false;
      lastAct = now;
      return true;
    },
  };
}
