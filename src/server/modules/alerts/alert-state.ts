import type { AlertState } from '#shared/alert-life';

/** The columns an alert's state is derived from (migration 021). */
export type AlertStateColumns = {
  resolved_at: Date | null;
  acknowledged_at: Date | null;
  escalation_round: number;
};

/** resolved beats acknowledged beats escalating beats raised: the diagram in src/shared/alert-life.ts. */
export function alertStateOf(row: AlertStateColumns): AlertState {
  if (row.resolved_at) return 'resolved';
  if (row.acknowledged_at) return 'acknowledged';
  if (row.escalation_round > 0) return 'escalating';
  return 'raised';
}
