import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import {
  ProfileSchema,
  type Profile,
  type ProfileSettings,
  type ProfileUpdate,
} from '#shared/schemas/profile';
import { ERRORS, TOASTS } from '#shared/texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { profileKeys } from './profile-keys';

export function updateProfile(patch: ProfileUpdate): Promise<Profile> {
  return apiRequest('/api/profile', { method: 'PATCH', body: patch, schema: ProfileSchema });
}

/** Profile save (docs/PRODUCT.md#app-messages): success and failure toasts come from here; rethrows. */
export function useUpdateProfile(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(userId), profile);
      toast.success(TOASTS.success, { description: TOASTS.profileUpdated });
    },
    onError: (error) => {
      notifyError(error, { fallback: ERRORS.failedToUpdateProfile });
    },
  });
}

/**
 * Saves one settings toggle. The switch flips at once (optimistic) and flips back, with an 'Error' toast, if the
 * server refuses, so the screen never claims a preference that was not stored.
 */
export function useUpdateProfileSettings(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = profileKeys.detail(userId);
  return useMutation({
    mutationFn: (settings: Partial<ProfileSettings>) => updateProfile({ settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Profile>(key);
      if (previous) {
        queryClient.setQueryData<Profile>(key, {
          ...previous,
          settings: { ...previous.settings, ...settings },
        });
      }
      return { previous };
    },
    onError: (error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error, { fallback: ERRORS.failedToUpdateProfile });
    },
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}

/**
 * Settings › Privacy › Share Location: the profile's location_sharing_enabled, the server's switch for live
 * location (guardians, share links). The switch flips at once and flips back with an 'Error' toast on failure.
 * The settings copy is kept in step so both readings of the preference agree.
 */
export function useUpdateLocationSharing(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = profileKeys.detail(userId);
  return useMutation({
    mutationFn: (enabled: boolean) =>
      updateProfile({ location_sharing_enabled: enabled, settings: { shareLocation: enabled } }),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Profile>(key);
      if (previous) {
        queryClient.setQueryData<Profile>(key, {
          ...previous,
          location_sharing_enabled: enabled,
          settings: { ...previous.settings, shareLocation: enabled },
        });
      }
      return { previous };
    },
    onError: (error, _enabled, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error, { fallback: ERRORS.failedToUpdateProfile });
    },
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}

/**
 * The Sound toggle (docs/PRODUCT.md#quick-actions): the profile's sound_enabled, which every sound honours. It
 * flips at once and flips back, with an 'Error' toast, if the server refuses.
 */
export function useUpdateSoundEnabled(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = profileKeys.detail(userId);
  return useMutation({
    mutationFn: (enabled: boolean) => updateProfile({ sound_enabled: enabled }),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Profile>(key);
      if (previous) queryClient.setQueryData<Profile>(key, { ...previous, sound_enabled: enabled });
      return { previous };
    },
    onError: (error, _enabled, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error, { fallback: ERRORS.failedToUpdateProfile });
    },
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}
