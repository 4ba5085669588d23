import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import type { AnswerRequest } from '#shared/schemas/alert-life';
import { RespondResultSchema, type RespondResult } from '#shared/schemas/alert-respond';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { withMyResponse, type WardAlertRecord } from '../utils/ward-alerts';
import { wardKeys } from './guardian-keys';

export type GuardianAnswer = AnswerRequest['response'];

export function respondToAlert(alertId: string, response: GuardianAnswer): Promise<RespondResult> {
  return apiRequest(`/api/wards/alerts/${encodeURIComponent(alertId)}/respond`, {
    method: 'POST',
    body: { response },
    schema: RespondResultSchema,
  });
}

/**
 * "I'm on my way" / "I'm calling them" on a ward's alert. Only the server's answer changes what the guardian sees:
 * an answer that did not arrive must not look as if the person had been told.
 */
export function useRespondToAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, response }: { alertId: string; response: GuardianAnswer }) =>
      respondToAlert(alertId, response),
    onSuccess: (result) =>
      queryClient.setQueryData<WardAlertRecord[]>(wardKeys.alerts(userId), (alerts) =>
        alerts ? withMyResponse(alerts, result) : alerts,
      ),
    onError: (error) =>
      notifyError(error, {
        fallback: ALERT_RESPONSE_TEXTS.answerFailed,
        // The alert ended meanwhile: the server says so in words the guardian can act on.
        serverMessageFor: ['conflict', 'rate_limited', 'service_unavailable'],
      }),
  });
}
