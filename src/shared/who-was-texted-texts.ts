/**
 * The active-alert screen's "Who was texted" (ACTIVE_ALERT_TEXTS.contactsTitle): only contacts whose text went out
 * are listed under it; the others are listed apart, saying what happened to their text. Its own module: the
 * module of ACTIVE_ALERT_TEXTS is in the first download, this list's words need not be (README, "Bundle budget").
 */
export const WHO_WAS_TEXTED_TEXTS = {
  nobodyYet: 'Nobody has been texted yet.',
  nobody: 'Nobody was texted.',
  inProgressTitle: 'Not texted yet',
  inProgressHint: 'Beacon is still sending these texts.',
  notTextedTitle: 'Not texted',
  notTextedHint: 'These contacts did not get your alert from Beacon. Call them, or text them yourself.',
} as const;
