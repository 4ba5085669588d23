/** Every client route path (document 1 §2), in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  contacts: '/contacts',
  splash: '/splash',
  welcome: '/welcome',
  permissions: '/permissions',
  map: '/map',
  checkIn: '/checkin',
  sos: '/sos',
  guardian: '/guardian',
  settings: '/settings',
  subscriptionSuccess: '/subscription-success',
  resetPassword: '/reset-password',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
