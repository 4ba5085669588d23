/** Every query key of the person's own alerts; realtime events about them reload `alertKeys.all`. */
export const alertKeys = {
  all: ['alerts'] as const,
  detail: (alertId: string) => [...alertKeys.all, 'detail', alertId] as const,
  /** The person's alerts they have not ended yet (GET /api/alerts?status=active): the active-alert screen. */
  active: (userId: string | undefined) => [...alertKeys.all, 'active', userId ?? 'anonymous'] as const,
};
