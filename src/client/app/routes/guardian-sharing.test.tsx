import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SharingView } from '#shared/schemas/sharing';
import { SHARING_TEXTS } from '#shared/sharing-texts';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

function view(overrides: Partial<SharingView>): SharingView {
  return {
    id: '0000000b-0000-4000-8000-000000000001',
    kind: 'tracking_page',
    via: 'share_link',
    viewer_name: null,
    share_link_id: '0000000c-0000-4000-8000-000000000001',
    recording_id: null,
    device: 'phone',
    network: '203.0.113.0',
    views: 4,
    first_seen_at: minutesAgo(10),
    last_seen_at: minutesAgo(2),
    ...overrides,
  };
}

const routes = (views: SharingView[]): FakeRoute[] => [
  { method: 'GET', path: '/api/profile', body: fakeProfile() },
  { method: 'GET', path: '/api/guardian-relationships', body: { relationships: [] } },
  { method: 'GET', path: '/api/invite-codes', body: { codes: [] } },
  { method: 'GET', path: '/api/share-links', body: { links: [] } },
  { method: 'GET', path: '/api/sharing/views', body: { views } },
  {
    method: 'POST',
    path: '/api/sharing/stop',
    body: { share_links_revoked: 2, responder_links_revoked: 1 },
  },
];

async function openPage(views: SharingView[]) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi(routes(views));
  return { api, ...(await renderApp('/guardian')) };
}

describe('/guardian: who has looked, and stop all sharing', () => {
  it('reads who has looked only when the person opens the list, and says who, on what and how often', async () => {
    const { api, user } = await openPage([
      view({}),
      view({
        id: '0000000b-0000-4000-8000-000000000002',
        kind: 'recording',
        via: 'guardian',
        viewer_name: 'Maria',
        share_link_id: null,
        recording_id: '0000000d-0000-4000-8000-000000000001',
        device: 'computer',
        network: '2001:db8:abcd::',
        views: 1,
      }),
    ]);
    const show = await screen.findByRole('button', { name: SHARING_TEXTS.show });
    expect(api.requests.some((request) => request.path === '/api/sharing/views')).toBe(false);

    await user.click(show);
    const list = await screen.findByRole('list', { name: SHARING_TEXTS.title });
    const [tracking, recording] = within(list).getAllByRole('listitem');
    expect(tracking).toHaveTextContent('Tracking page');
    expect(tracking).toHaveTextContent('a phone · network 203.0.113.0 · 4 views · 2 min ago');
    expect(recording).toHaveTextContent('Maria (guardian) played a recording');
    expect(recording).toHaveTextContent('a computer · network 2001:db8:abcd:: · 1 view');
  });

  it('says when nobody has looked', async () => {
    const { user } = await openPage([]);
    await user.click(await screen.findByRole('button', { name: SHARING_TEXTS.show }));
    expect(await screen.findByText(SHARING_TEXTS.none)).toBeInTheDocument();
  });

  it('stops all sharing only after the person confirms, then reads the links again', async () => {
    const { api, user } = await openPage([]);
    await user.click(await screen.findByRole('button', { name: SHARING_TEXTS.stopButton }));
    const dialog = await screen.findByRole('alertdialog', { name: SHARING_TEXTS.confirmTitle });
    expect(dialog).toHaveTextContent('Your guardians still see your alerts');
    expect(api.requests.some((request) => request.path === '/api/sharing/stop')).toBe(false);
    const linkReads = api.requests.filter((request) => request.path === '/api/share-links').length;

    await user.click(within(dialog).getByRole('button', { name: SHARING_TEXTS.confirm }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/api/sharing/stop')).toHaveLength(1),
    );
    expect(await screen.findByText(SHARING_TEXTS.stoppedDetail(2, 1))).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/api/share-links').length).toBeGreaterThan(
        linkReads,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
