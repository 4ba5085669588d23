/**
 * The last chance before a journey's alert (docs/PRODUCT.md#last-chance-before-contacts-are-texted): five minutes
 * before an escort's or check-in's deadline the person's own phone is told, and at the deadline it asks "Are you
 * safe?"; their contacts are texted only when the person's last-chance time has passed after the deadline too.
 */
export const LAST_CHANCE = {
  /** The person's choice, in whole minutes (profiles.last_chance_minutes). */
  minMinutes: 0,
  maxMinutes: 10,
  defaultMinutes: 2,
  /** The reminder to the person's own devices comes this long before the deadline. */
  warningMs: 5 * 60_000,
} as const;

/** The choices the settings offer: every whole minute of the range. */
export const LAST_CHANCE_CHOICES: readonly number[] = Array.from(
  { length: LAST_CHANCE.maxMinutes - LAST_CHANCE.minMinutes + 1 },
  (_, index) => LAST_CHANCE.minMinutes + index,
);

/** The words of the setting's validation (the API's 400 and the settings screen share them). */
export const LAST_CHANCE_VALIDATION = {
  range: `Last chance must be a whole number of minutes between ${LAST_CHANCE.minMinutes} and ${LAST_CHANCE.maxMinutes}`,
} as const;

/** When the server texts the person's contacts about a journey: the deadline plus its last chance. */
export function contactsTextedAt(deadline: string | Date, lastChanceSeconds: number): Date {
  return new Date(new Date(deadline).getTime() + lastChanceSeconds * 1000);
}
