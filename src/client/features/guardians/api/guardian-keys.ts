const viewer = (userId: string | undefined): string => userId ?? 'anonymous';

/**
 * Every query key of the guardians feature, keyed by the viewer so one person's links and wards never show for
 * another after switching accounts. The queries, their cache updates and realtime events all use these.
 */
export const guardianKeys = {
  relationships: (userId: string | undefined) => ['guardian-relationships', viewer(userId)] as const,
  inviteCodes: (userId: string | undefined) => ['invite-codes', viewer(userId)] as const,
};

/** The people the viewer guards: their list, routes and alerts, all under `wardKeys.all(viewer)`. */
export const wardKeys = {
  all: (userId: string | undefined) => ['wards', viewer(userId)] as const,
  list: (userId: string | undefined) => [...wardKeys.all(userId), 'list'] as const,
  /** Prefix of every ward route of one viewer. */
  routes: (userId: string | undefined) => [...wardKeys.all(userId), 'route'] as const,
  route: (userId: string | undefined, wardId: string) => [...wardKeys.routes(userId), wardId] as const,
  alerts: (userId: string | undefined) => [...wardKeys.all(userId), 'alerts'] as const,
  /** The photo of the meeting a ward's alert carries. */
  meetingPhoto: (userId: string | undefined, alertId: string) =>
    [...wardKeys.all(userId), 'meeting-photo', alertId] as const,
};
