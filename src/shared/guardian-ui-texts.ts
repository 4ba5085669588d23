/**
 * Client texts of the guardian area (docs/PRODUCT.md#guardians): the Guardian Linking page, the guardian's
 * watch screen, live location sharing, share links, the public tracking page and Web Push. Fixed wordings
 * ('Send Request', 'Wants you as guardian', 'Copy Failed', ...) must not change; server-shared texts stay in
 * texts.ts.
 */
import { INVITE_CODE, SHARE_LINK_TTL_HOURS } from './constants';

export const GUARDIAN_PAGE_TEXTS = {
  title: 'Guardian Linking',
  description: 'Link with the people who watch over you, and with those you watch over.',
  back: 'Back to Home',

  redeemTitle: 'Enter Invite Code',
  redeemDescription:
    'Got a code from someone who wants to be your guardian? Enter it to send them a request.',
  codeLabel: 'Invite code',
  codePlaceholder: 'ABCD1234',
  sendRequest: 'Send Request',
  sending: 'Sending...',
  requestSentTitle: 'Request sent',
  requestSent: (guardianName: string): string =>
    `${guardianName || 'Your guardian'} becomes your guardian once they approve your request.`,

  codesTitle: 'Invite Codes',
  codesDescription: `Give a code to the person you want to watch over. Each code works once and expires after ${INVITE_CODE.ttlHours} hours.`,
  generateCode: 'Generate Invite Code',
  generating: 'Generating...',
  codesListLabel: 'Your unused invite codes',
  noCodes: 'No unused invite codes.',
  expiresIn: (remaining: string): string => `Expires in ${remaining}`,
  expired: 'Expired',
  copyCode: (code: string): string => `Copy invite code ${code}`,
  codeItemLabel: (code: string): string => `Invite code ${code}`,

  copy: 'Copy',
  copied: 'Copied',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Your browser did not allow copying. Select the text and copy it by hand.',

  shareTitle: 'Share Live Location',
  shareDescription: `Anyone with the link sees your live location, without signing in, for ${SHARE_LINK_TTL_HOURS} hours or until you revoke it.`,
  generateShareLink: 'Generate Share Link',
  shareLinkLabel: 'Share link',
  copyShareLink: 'Copy share link',
  shareExpires: (time: string): string => `Expires ${time}`,
  activeLinksTitle: 'Active share links',
  noActiveLinks: 'No active share links.',
  revoke: 'Revoke',
  revokeLink: (expires: string): string => `Revoke the share link that expires ${expires}`,
  revokedTitle: 'Share link revoked',
  revoked: 'Nobody can follow you with that link any more.',
  sharingOffNote:
    'Location sharing is off, so your links show no position. Turn on Share Location in Settings › Privacy & Security.',

  pendingTitle: 'Pending Requests',
  noPending: 'No pending requests.',
  approve: 'Approve',
  reject: 'Reject',
  approveRequest: (name: string): string => `Approve ${name}`,
  rejectRequest: (name: string): string => `Reject ${name}`,
  approvedTitle: 'Request approved',
  approved: (wardName: string): string => `You are now ${wardName ? `${wardName}'s` : 'their'} guardian.`,
  rejectedTitle: 'Request rejected',
  awaitingAnswer: 'Waiting for their answer',
  cancelRequest: (name: string): string => `Cancel request to ${name}`,

  guardiansTitle: 'Connected Guardians',
  noGuardians: 'No guardians yet. Ask someone you trust for an invite code.',
  endLink: 'End link',
  endLinkWith: (name: string): string => `End link with ${name}`,
  endConfirmTitle: 'End this link?',
  endConfirmAsWard: (name: string): string =>
    `${name || 'This guardian'} will no longer see your location or your alerts.`,
  endConfirmAsGuardian: (name: string): string =>
    `You will no longer see the location or the alerts of ${name || 'this person'}.`,
  endConfirm: 'End Link',
  ending: 'Ending...',
  endedTitle: 'Link ended',

  wardsTitle: 'People I Guard',
  noWards: 'You are not watching over anyone yet. Generate an invite code and give it to them.',
  openGuardianView: 'Open Guardian View',
  watchWard: (name: string): string => `Watch ${name}`,
  unknownName: 'Unnamed',
} as const;

export const GUARDIAN_VIEW_TEXTS = {
  title: 'Guardian View',
  description: 'Live positions and alerts of the people you guard.',
  back: 'Back to Guardian Linking',
  empty: 'You are not guarding anyone yet.',
  emptyAction: 'Link with someone',
  loadFailed: 'The people you guard could not be loaded.',
  retry: 'Try Again',
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  sharingOff: 'Location sharing is off',
  noPosition: 'No position yet',
  lastUpdated: (when: string): string => `Last updated ${when}`,
  coordinates: (latitude: number, longitude: number): string =>
    `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
  accuracy: (metres: number): string => `±${Math.round(metres)} m`,
  battery: (percent: number): string => `Battery ${percent}%`,
  online: 'Online',
  offline: 'Offline',
  mapLabel: (name: string): string => `Map of ${name}'s position`,
  escortTitle: 'Escort Mode',
  checkInTitle: 'Safety Check-In',
  destination: (address: string): string => `To ${address}`,
  deadline: (time: string): string => `Deadline ${time}`,
  status: (status: string): string => `Status: ${status}`,
  alertsTitle: 'Alerts',
  noAlerts: 'No alerts since you opened Beacon on this device.',
  alertBannerTitle: (name: string): string => `Emergency alert from ${name || 'your ward'}`,
  raisedAt: (time: string): string => `Raised at ${time}`,
  trigger: (label: string): string => `Trigger: ${label}`,
  openMap: 'Open in Maps',
  /** The phone sent no position with the SOS, so it carries the last one Beacon held, taken at `time`. */
  openLastKnownMap: (time: string): string => `Last known location (${time}): Open in Maps`,
  locationUnknown: 'Location unknown',
  deliveriesTitle: 'Texts to emergency contacts',
  noDeliveries: 'No texts yet',
  deliveryStatus: {
    pending: 'Pending',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    kept_in_dev_outbox: 'Not sent (dev outbox)',
  },
  dismissAlert: (name: string): string => `Dismiss the alert from ${name || 'your ward'}`,
  viewWard: 'Open Guardian View',
} as const;

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

export const PUSH_OPT_IN_TEXTS = {
  label: 'Get alerts when Beacon is closed',
  description: 'A notification on this device when someone you guard raises an alert.',
  unsupported: 'This browser cannot show notifications while Beacon is closed.',
  denied: 'Notifications are blocked for Beacon. Allow them in your browser settings, then try again.',
  enabledTitle: 'Alerts turned on',
  enabled: 'This device will be notified when someone you guard raises an alert.',
  disabledTitle: 'Alerts turned off',
  failed: 'This browser could not set up alerts. Try again, or use another browser.',
} as const;

/** Relative times ("2 min ago") for "last updated" lines. */
export const TIME_TEXTS = {
  justNow: 'just now',
  secondsAgo: (seconds: number): string => `${seconds} s ago`,
  minutesAgo: (minutes: number): string => `${minutes} min ago`,
  hoursAgo: (hours: number): string => `${hours} h ago`,
  duration: (hours: number, minutes: number): string =>
    hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`,
} as const;
