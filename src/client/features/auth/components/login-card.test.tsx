import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session-store';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-app';
import { LoginCard } from './login-card';

const LOGIN_PATH = '/api/auth/token?grant_type=password';

describe('LoginCard', () => {
  it('shows the login mode with its texts', () => {
    mockApi();
    renderWithProviders(<LoginCard />);
    expect(screen.getByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Don't have an account? Sign up" })).toBeInTheDocument();
  });

  it('switches to sign-up mode and back', async () => {
    mockApi();
    const { user } = renderWithProviders(<LoginCard />);
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('heading', { name: 'Create Beacon Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already have an account? Login' }));
    expect(screen.getByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
  });

  it('requires email and password before calling the server, each field saying so', async () => {
    const api = mockApi();
    const { user } = renderWithProviders(<LoginCard />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    for (const label of ['Email', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Please fill in all required fields');
    }
    expect(screen.getByLabelText('Email')).toHaveFocus();

    // Checked again as it is typed: a filled field is no longer marked.
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('leaves the credentials to the server when logging in: any filled pair is sent', async () => {
    const api = mockApi([
      {
        method: 'POST',
        path: LOGIN_PATH,
        status: 400,
        body: { error: 'invalid_credentials', message: 'Invalid login credentials' },
      },
    ]);
    const { user } = renderWithProviders(<LoginCard />);
    await user.type(screen.getByLabelText('Email'), ' ada ');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
    expect(api.requests[0]).toMatchObject({ path: LOGIN_PATH, body: { email: 'ada', password: 'short' } });
  });

  it('asks for the full name and an 8-character password when signing up', async () => {
    const api = mockApi();
    const { user } = renderWithProviders(<LoginCard />);
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Please enter your full name');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters long',
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(screen.getByLabelText('Full Name')).not.toHaveAttribute('aria-invalid');
    expect(api.requests).toHaveLength(0);
  });

  it('signs up only with what the server accepts: its e-mail and full-name rules apply before sending', async () => {
    const api = mockApi();
    const { user } = renderWithProviders(<LoginCard initialMode="signup" />);
    await user.type(screen.getByLabelText('Full Name'), 'Ada <b>');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription(
      'Full name contains invalid characters',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(api.requests).toHaveLength(0);
  });

  it('keeps the e-mail and password typed when switching between login and sign-up', async () => {
    mockApi();
    const { user } = renderWithProviders(<LoginCard />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('a-long-passphrase');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Login' }));
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.org');
  });

  it('shows the server message in an Error toast and re-enables the form', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi([
      {
        method: 'POST',
        path: LOGIN_PATH,
        status: 400,
        body: { error: 'invalid_credentials', message: 'Invalid login credentials' },
      },
    ]);
    const original = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return original!(input, init);
    });
    const { user } = renderWithProviders(<LoginCard />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    release();

    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: LOGIN_PATH,
      body: { email: 'ada@example.org', password: 'wrong-password' },
    });
    expect(getSession()).toBeNull();
  });

  it('stores the session after signing up', async () => {
    const session = fakeSession();
    const api = mockApi([{ method: 'POST', path: '/api/auth/signup', body: session }]);
    const { user } = renderWithProviders(<LoginCard />);
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.type(screen.getByLabelText('Full Name'), '  Ada Lovelace ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(getSession()).toEqual(session));
    expect(api.requests[0]?.body).toEqual({
      email: 'ada@example.org',
      password: 'a-long-passphrase',
      data: { full_name: 'Ada Lovelace', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
  });

  it('sends a recovery e-mail from "Forgot password?"', async () => {
    const api = mockApi([{ method: 'POST', path: '/api/auth/recover', body: {} }]);
    const { user } = renderWithProviders(<LoginCard />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(api.requests.at(-1)).toMatchObject({
      path: '/api/auth/recover',
      body: { email: 'ada@example.org' },
    });
  });

  it('asks "Forgot password?" for an address the server would take before sending a link', async () => {
    const api = mockApi([{ method: 'POST', path: '/api/auth/recover', body: {} }]);
    const { user } = renderWithProviders(<LoginCard />);
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const email = within(dialog).getByLabelText('Email');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email address');

    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(email).toHaveAccessibleDescription('Please fill in all required fields');
    expect(api.requests.filter((request) => request.path === '/api/auth/recover')).toHaveLength(0);
  });
});
