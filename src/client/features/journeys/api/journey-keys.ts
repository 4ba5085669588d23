/** Every query key of the journeys feature (escort sessions, check-ins, wards' journeys). */
export const journeyKeys = {
  all: ['journeys'] as const,
  activeEscort: (userId: string | undefined) =>
    [...journeyKeys.all, 'escort', userId ?? 'anonymous'] as const,
  activeCheckIn: (userId: string | undefined) =>
    [...journeyKeys.all, 'checkin', userId ?? 'anonymous'] as const,
  wards: (userId: string | undefined) => [...journeyKeys.all, 'wards', userId ?? 'anonymous'] as const,
};
