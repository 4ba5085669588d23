/**
 * What the phone can truthfully say about Beacon's server (docs/PRODUCT.md#a-sick-server-keeps-the-sos):
 * `reachable` only once the health check has answered and nothing since says otherwise; `unreachable` while the
 * health check fails, or after an SOS send found no server and before the health check has answered again;
 * `checking` before the first answer, and after the realtime connection was lost until the health check answers.
 */
export type ServerStatus = 'reachable' | 'checking' | 'unreachable';

/**
 * Evidence from outside the health check that the server may be gone: the realtime socket closed (or never
 * opened), or an SOS send got no answer, a time-out or a 5xx. `healthAnswersThen` is how many ok answers the health
 * check had given at that moment: only a later one outweighs it.
 */
export type ServerDoubt = { reason: 'socket-lost' | 'send-failed'; healthAnswersThen: number };

export type ServerEvidence = {
  /** The health check's latest answer failed (or said `degraded`). */
  healthFailed: boolean;
  /** How many ok answers the health check has given so far. */
  healthAnswers: number;
  doubt: ServerDoubt | null;
};

export function serverStatusOf({ healthFailed, healthAnswers, doubt }: ServerEvidence): ServerStatus {
  if (healthFailed) return 'unreachable';
  if (doubt && healthAnswers <= doubt.healthAnswersThen) {
    return doubt.reason === 'send-failed' ? 'unreachable' : 'checking';
  }
  return healthAnswers === 0 ? 'checking' : 'reachable';
}
