/**
 * Ending a journey after its deadline (an escort's "I've arrived", a check-in's stop) needs the safety PIN when
 * the person set one (docs/decisions/042-safety-pin-and-duress.md): whoever holds the phone must not quietly end a
 * journey that ran late. The duress PIN ends it exactly as the safety PIN does, and the caller then raises the
 * duress alert; a refused duress PIN raises it at once.
 */
import type { RaiseDuressAlert, SafetyPinPort } from './ports';

export type LateEndDeps = { safetyPins: SafetyPinPort; raiseDuressAlert: RaiseDuressAlert };

/** Asks for the PIN when `late`; answers whether it was the duress PIN. Throws the refusal. */
export async function pinForLateEnd(
  deps: LateEndDeps,
  input: { ownerId: string; late: boolean; pin: string | undefined; duressKey: string },
): Promise<boolean> {
  if (!input.late) return false;
  const check = await deps.safetyPins.check(input.ownerId, input.pin);
  if (check.refusal) {
    if (check.duress) await deps.raiseDuressAlert(input.ownerId, input.duressKey);
    throw check.refusal;
  }
  return check.duress;
}
