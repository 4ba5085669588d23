/**
 * The Undo offered after a contact is deleted (docs/PRODUCT.md#emergency-contacts). Its own module: the contacts
 * card loads on demand, and contact-texts.ts is in the first download (README, "Bundle budget").
 */
export const CONTACT_UNDO_TEXTS = {
  undo: 'Undo',
  restoredTitle: 'Contact restored',
  restored: (name: string): string => `${name} is back in your emergency contacts.`,
  restoreFailed: 'The contact could not be restored. Please add it again.',
} as const;
