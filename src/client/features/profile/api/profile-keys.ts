/** Every query key of the profile feature. */
export const profileKeys = {
  all: ['profile'] as const,
  /** Keyed by user so one person's cached profile can never show for another after switching accounts. */
  detail: (userId: string | undefined) => [...profileKeys.all, userId ?? 'anonymous'] as const,
};
