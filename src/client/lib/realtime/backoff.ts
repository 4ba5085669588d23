import { REALTIME } from '#shared/constants';

/**
 * The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 5 s, then 10 s for every later attempt
 * (docs/PRODUCT.md#realtime-events). Negative or fractional attempts count as the nearest valid one.
 */
export function reconnectDelayMs(
  attempt: number,
  schedule: readonly number[] = REALTIME.reconnectBackoffMs,
): number {
  const index = Math.min(Math.max(0, Math.floor(attempt)), schedule.length - 1);
  return schedule[index] ?? 0;
}
