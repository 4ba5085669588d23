import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProfile, fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { ProfileForm } from './profile-form';

function setup(routes: Parameters<typeof mockApi>[0] = []) {
  storeSession(fakeSession());
  const api = mockApi(routes);
  const view = renderWithProviders(
    <ProfileForm userId="00000001-0000-4000-8000-000000000001" profile={fakeProfile()} />,
  );
  return { api, ...view };
}

describe('ProfileForm', () => {
  it('is prefilled from the profile', () => {
    setup();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('');
  });

  it('shows the validation messages and sends nothing', async () => {
    const { api, user } = setup();
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((request) => request.path === '/api/profile')).toHaveLength(0);
  });

  it('reads "Updating..." while saving, sends phone as null when empty, then confirms', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, user } = setup([
      { method: 'PATCH', path: '/api/profile', body: fakeProfile({ full_name: 'Ada King' }) },
    ]);
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return answer(input, init);
    });
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { full_name: 'Ada King', email: 'ada@example.org', phone: null },
    });
  });

  it('shows the server message in an Error toast when the save fails', async () => {
    const { user } = setup([
      {
        method: 'PATCH',
        path: '/api/profile',
        status: 400,
        body: { error: 'validation_failed', message: 'Phone number must be in E.164 format (+1234567890)' },
      },
    ]);
    await user.type(screen.getByLabelText(/Phone Number/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Phone number must be in E.164 format (+1234567890)')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled());
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });
});
