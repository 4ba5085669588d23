import { GUARDIAN_VIEW_PATH } from '#shared/constants';

/** Every client route path (docs/PRODUCT.md#screens-and-routes), in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  contacts: '/contacts',
  splash: '/splash',
  welcome: '/welcome',
  permissions: '/permissions',
  sos: '/sos',
  guardian: '/guardian',
  /** The Escort Mode page. */
  map: '/map',
  /** The guardian's watch screen: live positions and alerts of the people they guard. */
  guardianView: GUARDIAN_VIEW_PATH,
  /** The public tracking page of a share link (no sign-in). */
  track: '/track/:shareCode',
  /** The emergency contact's responder page, linked from their SOS text (no sign-in). */
  responder: '/r/:code',
  /** Safety Check-In (a premium quick action; docs/PRODUCT.md#safety-check-in). */
  checkin: '/checkin',
  /** The Safety Map on a page of its own (docs/PRODUCT.md#safety-map-and-nearby-places). */
  safetyMap: '/safety-map',
  settings: '/settings',
  subscriptionSuccess: '/subscription-success',
  resetPassword: '/reset-password',
  /** Shown once an account has been deleted: says so, with a way back to the start. */
  accountDeleted: '/account-deleted',
  /** The dev SMS outbox (only useful while no real SMS provider is configured). */
  outbox: '/outbox',
  /** One emergency recording: the owner's or a ward's (docs/PRODUCT.md#emergency-recording). */
  recording: '/recordings/:id',
} as const;

export function recordingPath(id: string): string {
  return `/recordings/${encodeURIComponent(id)}`;
}

export type AppPath = (typeof paths)[keyof typeof paths];

/** Which form /auth opens with: `?mode=signup` for a newcomer from the onboarding's Get Started. */
export type AuthMode = 'login' | 'signup';
export const AUTH_MODE_PARAM = 'mode';

export function authPath(mode: AuthMode): string {
  return mode === 'signup' ? `${paths.auth}?${AUTH_MODE_PARAM}=signup` : paths.auth;
}
