import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRACK_PAGE_REFRESH_MS } from '#shared/constants';
import type { AnswerRequest } from '#shared/schemas/alert-life';
import { ResponderViewSchema, type ResponderView } from '#shared/schemas/responder';
import { apiRequest, isClientError } from '../../../lib/api-client';
import { responderKeys } from './responder-keys';

const path = (code: string): string => `/api/responder/${encodeURIComponent(code)}`;

/** GET /api/responder/:code: public, no sign-in (the code in the contact's text is the permission). */
export function getResponderView(code: string, signal?: AbortSignal): Promise<ResponderView> {
  return apiRequest(path(code), { schema: ResponderViewSchema, auth: false, signal });
}

/**
 * The alert as the contact may see it, re-read as often as the tracking page re-reads a share link: the answers
 * of others and the person's position arrive by themselves. A closed link (404) is final, so polling stops, as it
 * does once the person is safe; a network failure keeps what is on screen and keeps trying.
 */
export function useResponderView(code: string) {
  return useQuery({
    queryKey: responderKeys.page(code),
    queryFn: ({ signal }) => getResponderView(code, signal),
    refetchInterval: (query) =>
      isClientError(query.state.error) || query.state.data?.state === 'resolved'
        ? false
        : TRACK_PAGE_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** POST /api/responder/:code/respond: the contact's answer; the page shows what the server then holds. */
export function useRespond(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AnswerRequest) =>
      apiRequest(`${path(code)}/respond`, {
        method: 'POST',
        body: request,
        schema: ResponderViewSchema,
        auth: false,
      }),
    onSuccess: (view) => queryClient.setQueryData(responderKeys.page(code), view),
  });
}
