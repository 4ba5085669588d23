/**
 * Texts of the public tracking page (docs/PRODUCT.md#guardians); their own module so they download with that
 * page (README, "Bundle budget").
 */
export const TRACK_PAGE_TEXTS = {
  title: (name: string): string => (name ? `${name}'s live location` : 'Live location'),
  /** Once the SOS the link was sent with has ended, the page no longer shows where the person is. */
  endedTitle: (name: string): string => (name ? `${name}'s SOS has ended` : 'This SOS has ended'),
  description: 'Shared with you through Beacon. This page updates by itself.',
  lastUpdated: (when: string): string => `Last updated ${when}`,
  /** The phone keeps finding itself at the same place: when it last did, and since when it has been there. */
  stillHere: (checked: string, since: string): string =>
    `Still at this place, checked ${checked} (here since ${since})`,
  /** A link an SOS text carried, once that SOS ended: it shows no position any more. */
  positionsEnded: (when: string): string =>
    `This link stopped showing the position when the SOS it was sent with ended (${when}).`,
  noPosition: 'No position has been shared yet.',
  sharingOff: 'Location sharing is paused.',
  validUntil: (time: string): string => `Link valid until ${time}`,
  mapLabel: 'Map of the shared position',
  notFoundTitle: 'Tracking link not found',
  notFound: 'Check that you opened the whole link you were sent.',
  unavailableTitle: 'Tracking unavailable',
  loadFailed: 'The position could not be loaded. Retrying...',
  sosActiveTitle: (name: string): string => `${name || 'This person'} raised an SOS`,
  sosActive: (when: string, ago: string): string => `SOS raised ${when} (${ago}). It is still active.`,
  sosResolvedTitle: (name: string): string => `${name || 'This person'} marked themselves safe`,
  sosResolved: (safeAt: string, raisedAt: string): string =>
    `Marked safe ${safeAt}, after an SOS raised ${raisedAt}.`,
  positionHeading: 'Last known position',
  near: (address: string): string => `Near ${address}`,
  coordinates: (coordinates: string, accuracy: number | null): string =>
    accuracy != null ? `${coordinates} (within ${Math.round(accuracy)} m)` : coordinates,
  openInMaps: 'Open in Maps',
  newTab: ' (opens in a new tab)',
} as const;

/** The map's own texts (components/map/leaflet-map.tsx), loaded with the map. */
export const MAP_TEXTS = {
  unavailableTitle: 'Map unavailable',
  unavailable: 'The map images could not be loaded. The position is still shown as coordinates.',
} as const;
