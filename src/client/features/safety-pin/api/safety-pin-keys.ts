/** Every query key of the safety PIN feature. */
export const safetyPinKeys = {
  all: ['safety-pin'] as const,
  /** Keyed by person: one person's PIN never applies on another's session. */
  status: (userId: string | undefined) => [...safetyPinKeys.all, 'status', userId ?? 'anonymous'] as const,
};
