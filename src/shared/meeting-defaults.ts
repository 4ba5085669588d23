/** What a meeting's blank fields read as, on the phone and in an alert's text. */
export const MEETING_DEFAULTS = {
  personDefault: 'Person not specified',
  locationDefault: 'Location not specified',
  endDefault: 'Not specified',
} as const;
