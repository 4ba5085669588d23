/** Every query key of the protection feature. */
export const protectionKeys = {
  all: ['protection'] as const,
  /** Keyed by person: one person's settings never apply on another's session. */
  settings: (userId: string | undefined) =>
    [...protectionKeys.all, 'settings', userId ?? 'anonymous'] as const,
};
