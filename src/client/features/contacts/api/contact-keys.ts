/** Every query key of the contacts feature: the queries, their cache updates and realtime invalidation use these. */
export const contactKeys = {
  all: ['contacts'] as const,
  /** Keyed by person so one person's list can never show for another after switching accounts. */
  list: (userId: string | undefined) => [...contactKeys.all, userId ?? 'anonymous'] as const,
};
