/**
 * Texts of the notification list (the dialog behind the bell), which loads when first opened; the bell's own texts
 * are in ui-texts.ts (README, "Bundle budget").
 */

/** The notification list's badges: a word for each kind, never the raw type ("info", "warning"). */
export const NOTIFICATION_BADGE_TEXTS = {
  info: 'Update',
  success: 'Done',
  warning: 'Needs attention',
  error: 'Failed',
} as const;
