import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ProfileSchema, type Profile } from '#shared/schemas/profile';
import { ERRORS } from '#shared/texts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { profileKeys } from './profile-keys';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/profile', { schema: ProfileSchema, signal });
}

export function profileQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => getProfile(signal),
    enabled: Boolean(userId),
  });
}

/** The signed-in person's profile; stays empty while nobody is signed in. */
export function useProfile(userId: string | undefined) {
  const query = useQuery(profileQueryOptions(userId));
  const { error } = query;
  useEffect(() => {
    // A 401 already signed the person out; telling them the profile failed would only confuse.
    if (!error || (error instanceof ApiError && error.status === 401)) return;
    notifyError(error, { fallback: ERRORS.failedToLoadProfile, serverMessageFor: [] });
  }, [error]);
  return query;
}
