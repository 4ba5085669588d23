/** Every query key of the person's own alerts; realtime events about them reload `alertKeys.all`. */
export const alertKeys = {
  all: ['alerts'] as const,
  detail: (alertId: string) => [...alertKeys.all, 'detail', alertId] as const,
  /** The id of the person's latest alert (written, never fetched). */
  latest: (userId: string | undefined) => [...alertKeys.all, 'latest', userId ?? 'anonymous'] as const,
};
