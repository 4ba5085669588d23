import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '../../features/profile/api/profile-keys';
import { isSoundEnabled } from '../../lib/sounds';
import { fakeProfile, fakeSession } from '../../testing/fake-api';
import { testQueryClient } from '../../testing/render-app';
import { useSoundPreferenceSync } from './use-sound-preference-sync';

const USER_ID = fakeSession().user.id;

describe('the Sound setting reaches every sound', () => {
  it('follows the signed-in person’s cached profile, and is on again once they leave', () => {
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useSoundPreferenceSync(USER_ID), { wrapper });
    expect(isSoundEnabled()).toBe(true);
    act(() => queryClient.setQueryData(profileKeys.detail(USER_ID), fakeProfile({ sound_enabled: false })));
    expect(isSoundEnabled()).toBe(false);
    act(() => queryClient.setQueryData(profileKeys.detail(USER_ID), fakeProfile({ sound_enabled: true })));
    expect(isSoundEnabled()).toBe(true);
    act(() => queryClient.setQueryData(profileKeys.detail(USER_ID), fakeProfile({ sound_enabled: false })));
    unmount();
    expect(isSoundEnabled()).toBe(true);
  });
});
