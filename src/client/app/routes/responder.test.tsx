import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESPONDER_PAGE_TEXTS } from '#shared/responder-page-texts';
import type { ResponderView } from '#shared/schemas/responder';
import { mockApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const CODE = 'k3xq7vz2mwp4hy6tbn5rjc2dfa';
const PATH = `/api/responder/${CODE}`;

function view(overrides: Partial<ResponderView> = {}): ResponderView {
  return {
    first_name: 'Ada',
    raised_by: 'SOS button',
    raised_at: new Date(Date.now() - 3 * 60_000).toISOString(),
    state: 'raised',
    resolved_at: null,
    answers: [],
    you: { name: 'Mum', response: null },
    position_shared: true,
    position: {
      latitude: 51.5007,
      longitude: -0.1246,
      accuracy: 9,
      address: '1 Bridge Street',
      recorded_at: new Date(Date.now() - 60_000).toISOString(),
    },
    open_until: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    test: false,
    ...overrides,
  };
}

describe('/r/:code, the contact’s responder page (public)', () => {
  it('shows who needs help, since when, where, and sends "I\'m on my way" without signing in', async () => {
    const answered = view({
      state: 'acknowledged',
      you: { name: 'Mum', response: 'on_my_way' },
      answers: [{ name: 'Mum', response: 'on_my_way', responded_at: new Date().toISOString() }],
    });
    const api = mockApi([
      { method: 'GET', path: PATH, body: view() },
      { method: 'POST', path: `${PATH}/respond`, body: answered },
    ]);
    await renderApp(`/r/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Ada needs help', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Raised by SOS button at .* \(3 min ago\)/)).toBeInTheDocument();
    expect(screen.getByText('Nobody has answered yet.')).toBeInTheDocument();
    expect(screen.getByText('1 Bridge Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute(
      'href',
      expect.stringContaining('51.5007'),
    );
    // Outside the app shell: no navigation, no login card.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login to Beacon' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "I'm on my way" }));
    expect(await screen.findByText('Thank you — Ada can see that you are on your way')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm on my way" })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Mum is on the way (you)')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(sent).toMatchObject({
      path: `${PATH}/respond`,
      body: { response: 'on_my_way' },
      authorization: null,
    });
    expect(api.requests.every((request) => request.authorization === null)).toBe(true);
  });

  it('says when the person does not share their position, and shows no map', async () => {
    mockApi([{ method: 'GET', path: PATH, body: view({ position_shared: false, position: null }) }]);
    await renderApp(`/r/${CODE}`);
    expect(await screen.findByText(/Ada does not share their position with contacts/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Map with Ada's position" })).not.toBeInTheDocument();
  });

  it('once the person is safe, says so, with no buttons and no position', async () => {
    mockApi([
      {
        method: 'GET',
        path: PATH,
        body: view({ state: 'resolved', resolved_at: new Date().toISOString(), position: null }),
      },
    ]);
    await renderApp(`/r/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Ada is safe', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('Safe')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm on my way" })).not.toBeInTheDocument();
    expect(screen.queryByText('Where they are')).not.toBeInTheDocument();
  });

  it('a link that no longer opens says only that', async () => {
    mockApi([{ method: 'GET', path: PATH, status: 404, body: { error: 'not_found', message: 'Not found' } }]);
    await renderApp(`/r/${CODE}`);
    const card = await screen.findByRole('alert');
    expect(
      within(card).getByRole('heading', { name: RESPONDER_PAGE_TEXTS.expiredTitle }),
    ).toBeInTheDocument();
    expect(within(card).getByText(RESPONDER_PAGE_TEXTS.expired)).toBeInTheDocument();
  });

  it('an answer refused because the person is safe by now shows why, and the page turns to safe', async () => {
    const api = mockApi([
      { method: 'GET', path: PATH, body: view() },
      {
        method: 'POST',
        path: `${PATH}/respond`,
        status: 409,
        body: { error: 'conflict', message: RESPONDER_PAGE_TEXTS.safeNoAnswerNeeded('Ada') },
      },
    ]);
    await renderApp(`/r/${CODE}`);
    await screen.findByRole('heading', { name: 'Ada needs help', level: 1 });
    api.routes[0]!.body = view({ state: 'resolved', resolved_at: new Date().toISOString(), position: null });
    await userEvent.click(screen.getByRole('button', { name: "I'm calling them" }));
    expect(await screen.findByText(RESPONDER_PAGE_TEXTS.safeNoAnswerNeeded('Ada'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Ada is safe', level: 1 })).toBeInTheDocument(),
    );
  });
});
