/**
 * Texts of the public tracking page (docs/PRODUCT.md#guardians); their own module so they download with that
 * page (README, "Bundle budget").
 */
export const TRACK_PAGE_TEXTS = {
  title: (name: string): string => (name ? `${name}'s live location` : 'Live location'),
  description: 'Shared with you through Beacon. This page updates by itself.',
  lastUpdated: (when: string): string => `Last updated ${when}`,
  noPosition: 'No position has been shared yet.',
  sharingOff: 'Location sharing is paused.',
  validUntil: (time: string): string => `Link valid until ${time}`,
  mapLabel: 'Map of the shared position',
  notFoundTitle: 'Tracking link not found',
  notFound: 'Check that you opened the whole link you were sent.',
  unavailableTitle: 'Tracking unavailable',
  loadFailed: 'The position could not be loaded. Retrying...',
} as const;
