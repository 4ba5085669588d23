import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TEXTS } from '#shared/settings-texts';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

describe('/subscription-success', () => {
  it('never tells a visitor who is not signed in that their subscription is active', async () => {
    markOnboardingSeenForTest();
    mockApi();
    await renderApp('/subscription-success');
    expect(
      await screen.findByRole('heading', { level: 1, name: SUBSCRIPTION_TEXTS.signedOutTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(SUBSCRIPTION_TEXTS.signedOutMessage)).toBeInTheDocument();
    expect(screen.queryByText(/subscription is active|Welcome to Premium/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?mode=signup');
  });

  it('welcomes a signed-in person to Premium, with the way back to the dashboard', async () => {
    storeSession(fakeSession());
    mockApi([{ method: 'GET', path: '/api/profile', body: fakeProfile() }]);
    await renderApp('/subscription-success');
    expect(
      await screen.findByRole('heading', { level: 1, name: SUBSCRIPTION_TEXTS.successTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(SUBSCRIPTION_TEXTS.successMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });
});
