/** Query keys of "Test my safety network"; the person's own alert events reload `safetyNetworkKeys.all`. */
export const safetyNetworkKeys = {
  all: ['safety-network'] as const,
  network: (userId: string) => [...safetyNetworkKeys.all, 'network', userId] as const,
  drill: (userId: string, drillId: string) => [...safetyNetworkKeys.all, 'drill', userId, drillId] as const,
};
