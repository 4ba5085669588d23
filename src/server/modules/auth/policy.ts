/** Server-side auth policy. The client-visible numbers (token lifetimes, refresh check) are in #shared/constants. */

/** A password-recovery link works once, for one hour. */
export const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;
/** The sign-up confirmation link: nothing is locked behind it, so it may live longer. */
export const CONFIRMATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Where the e-mailed links lead. The recovery page is a client route; the confirmation link hits the API. */
export const RECOVERY_PAGE_PATH = '/reset-password';
export const CONFIRMATION_PATH = '/api/auth/verify';
/** Where the confirmation link lands: the site root (docs/PRODUCT.md#auth-endpoints). */
export const AFTER_CONFIRMATION_PATH = '/';
export const INVALID_LINK_REDIRECT = '/#error=invalid_link';

/**
 * Guessing one account's password from many addresses is slowed down, never locked (docs/SECURITY.md, decision
 * 012): once the account has had AUTH_MAX_FAILED_SIGNINS failures in a window, an address that has already failed
 * on it waits 1 s after the account's last failure, then 2 s, 4 s, … at most a minute. An address with no failure
 * on the account is always heard, so the owner on a new phone gets in whatever others are trying.
 */
export const SIGNIN_SLOWDOWN = { firstDelayMs: 1000, maxDelayMs: 60_000 } as const;

/**
 * The session a recovery link opens may set a new password without the old one, once, for this long. Enough to
 * type a new password; short, so a recovery link's session left open is not a way to take the account later.
 */
export const RECOVERY_SESSION_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
