/**
 * The navigation state a brand-new account arrives on the dashboard with: the dashboard offers the permissions
 * screen once (history state, so a reload or a later visit does not offer it again).
 */
export const FIRST_RUN_STATE = { firstRun: true } as const;

export function isFirstRunState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { firstRun?: unknown }).firstRun === true;
}
