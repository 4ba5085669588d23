/**
 * The SOS countdown as pure state transitions, so the rules are testable without timers:
 * each tick drops the count by one and beeps; the tick that finds the count at 1 or less stops the countdown,
 * shows 0 and fires (alert sound + confirm). Side effects are returned, never performed here.
 * See docs/PRODUCT.md#sos-and-alerts.
 */
export type CountdownStatus = 'counting' | 'fired';
export type CountdownState = { status: CountdownStatus; remaining: number };
export type CountdownEffect = 'beep' | 'fire' | null;

export function startCountdown(seconds: number): CountdownState {
  return { status: 'counting', remaining: seconds };
}

export function tickCountdown(state: CountdownState): { state: CountdownState; effect: CountdownEffect } {
  if (state.status === 'fired') return { state, effect: null };
  if (state.remaining <= 1) return { state: { status: 'fired', remaining: 0 }, effect: 'fire' };
  return { state: { status: 'counting', remaining: state.remaining - 1 }, effect: 'beep' };
}
