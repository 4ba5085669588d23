/**
 * The words of the dashboard's quick actions (docs/PRODUCT.md#quick-actions), loaded with the grid: the item
 * names, in the grid's order.
 */
export const QUICK_ACTION_TEXTS = {
  title: 'Quick Actions',
  settings: 'Settings',
  soundOn: 'Sound On',
  soundOff: 'Sound Off',
  guardian: 'Guardian',
  showMap: 'Show Map',
  hideMap: 'Hide Map',
  escort: 'Escort Mode',
  checkIn: 'Check In',
  aiProtection: 'AI Protection',
  whoMeeting: 'Who Meeting',
  fakeCall: 'Fake Call',
  /** AI Protection and Who Meeting are not built in Beacon: they say so instead of doing nothing. */
  notAvailable: 'Not available yet',
  yourLocation: 'Your Location',
} as const;
