import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS } from '#shared/constants';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import type { GuardianRelationship, InviteCode } from '#shared/schemas/guardian';
import type { ShareLink } from '#shared/schemas/share-link';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const HOUR_MS = 3_600_000;

function relationship(overrides: Partial<GuardianRelationship>): GuardianRelationship {
  return {
    id: '00000003-0000-4000-8000-000000000001',
    guardian_id: '00000001-0000-4000-8000-000000000001',
    ward_id: '00000001-0000-4000-8000-000000000002',
    status: 'pending',
    relationship_type: 'guardian',
    role: 'guardian',
    guardian: { full_name: 'Ada Lovelace', email: 'ada@example.org' },
    ward: { full_name: 'Bob Ward', email: 'bob@example.org' },
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let inviteCodeIds = 0;

function inviteCode(code: string, expiresInMs = 24 * HOUR_MS): InviteCode {
  return {
    id: `00000009-0000-4000-8000-${String(++inviteCodeIds).padStart(12, '0')}`,
    code,
    expires_at: new Date(Date.now() + expiresInMs).toISOString(),
    is_used: false,
    created_at: new Date().toISOString(),
  };
}

/** A share code is a UUID of its own; here the link's id with another first group. */
const shareCodeOf = (id: string): string => `0000000a${id.slice(8)}`;

function shareLink(id: string): ShareLink {
  return {
    id,
    share_code: shareCodeOf(id),
    url: `http://localhost:3000/track/${shareCodeOf(id)}`,
    expires_at: new Date(Date.now() + 24 * HOUR_MS).toISOString(),
    is_active: true,
    created_at: new Date().toISOString(),
    sent_with_alert: false,
  };
}

/** The API the guardian page reads on load, with the given relationships, codes and links. */
function pageRoutes({
  relationships = [],
  codes = [],
  links = [],
}: { relationships?: GuardianRelationship[]; codes?: InviteCode[]; links?: ShareLink[] } = {}): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/guardian-relationships', body: { relationships } },
    { method: 'GET', path: '/api/invite-codes', body: { codes } },
    { method: 'GET', path: '/api/share-links', body: { links } },
  ];
}

async function openGuardianPage(routes: FakeRoute[]) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi(routes);
  return { api, ...(await renderApp('/guardian')) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/guardian: entering an invite code', () => {
  it('forces the code to uppercase, disables Send Request while empty, and rejects a blank attempt', async () => {
    const { user } = await openGuardianPage(pageRoutes());
    const input = await screen.findByLabelText('Invite code');
    const send = screen.getByRole('button', { name: 'Send Request' });
    expect(send).toBeDisabled();

    await user.type(input, 'ab12cd34');
    expect(input).toHaveValue('AB12CD34');
    expect(send).toBeEnabled();

    await user.clear(input);
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    await user.click(send);
    expect(await screen.findByText('Please enter a valid invite code.')).toBeInTheDocument();
  });

  it('sends the uppercased code and shows the request as pending on the ward side', async () => {
    const pending = relationship({
      role: 'ward',
      guardian_id: '00000001-0000-4000-8000-000000000009',
      ward_id: '00000001-0000-4000-8000-000000000001',
    });
    const { api, user } = await openGuardianPage([
      { method: 'POST', path: '/api/invite-codes/redeem', status: 201, body: pending },
      ...pageRoutes(),
    ]);
    await user.type(await screen.findByLabelText('Invite code'), 'abcd1234');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    await waitFor(() =>
      expect(api.requests.find((request) => request.path === '/api/invite-codes/redeem')?.body).toEqual({
        code: 'ABCD1234',
      }),
    );
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite code')).toHaveValue('');
    const pendingCard = screen.getByRole('region', { name: 'Pending Requests' });
    expect(within(pendingCard).getByText('Wants to be your guardian')).toBeInTheDocument();
  });

  it("shows the server's message under the title 'Error' when the code is refused", async () => {
    const { user } = await openGuardianPage([
      {
        method: 'POST',
        path: '/api/invite-codes/redeem',
        status: 400,
        body: { error: 'invalid_invite_code', message: 'Invalid or expired invite code' },
      },
      ...pageRoutes(),
    ]);
    await user.type(await screen.findByLabelText('Invite code'), 'zzzz9999');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired invite code')).toBeInTheDocument();
  });
});

describe('/guardian: pending requests', () => {
  it("shows the guardian 'Wants you as guardian' with Approve and Reject, and the ward neither", async () => {
    await openGuardianPage(
      pageRoutes({
        relationships: [
          relationship({ id: '00000003-0000-4000-8000-00000000000a', role: 'guardian' }),
          relationship({
            id: '00000003-0000-4000-8000-00000000000b',
            role: 'ward',
            guardian_id: '00000001-0000-4000-8000-000000000003',
            ward_id: '00000001-0000-4000-8000-000000000001',
            guardian: { full_name: 'Cy Guardian', email: 'cy@example.org' },
            ward: { full_name: 'Ada Lovelace', email: 'ada@example.org' },
          }),
        ],
      }),
    );
    const card = await screen.findByRole('region', { name: 'Pending Requests' });
    const asGuardian = await within(card).findByRole('listitem', { name: 'Bob Ward' });
    expect(within(asGuardian).getByText('Wants you as guardian')).toBeInTheDocument();
    expect(within(asGuardian).getByRole('button', { name: 'Approve Bob Ward' })).toBeInTheDocument();
    expect(within(asGuardian).getByRole('button', { name: 'Reject Bob Ward' })).toBeInTheDocument();

    const asWard = within(card).getByRole('listitem', { name: 'Cy Guardian' });
    expect(within(asWard).getByText('Wants to be your guardian')).toBeInTheDocument();
    expect(within(asWard).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
  });

  it('approves a request: PATCH status active, then the ward moves to People I Guard', async () => {
    const pending = relationship({});
    const { api, user } = await openGuardianPage([
      {
        method: 'PATCH',
        path: '/api/guardian-relationships/00000003-0000-4000-8000-000000000001',
        body: { ...pending, status: 'active' },
      },
      ...pageRoutes({ relationships: [pending] }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Approve Bob Ward' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ status: 'active' }),
    );
    const wards = screen.getByRole('region', { name: 'People I Guard' });
    expect(
      await within(wards).findByRole('link', { name: 'Open Guardian View for Bob Ward' }),
    ).toHaveAttribute('href', '/guardian/wards#ward-00000001-0000-4000-8000-000000000002');
    expect(screen.getByRole('region', { name: 'Pending Requests' })).toHaveTextContent(
      'No pending requests.',
    );
  });

  it('rejects a request with PATCH status rejected', async () => {
    const pending = relationship({});
    const { api, user } = await openGuardianPage([
      {
        method: 'PATCH',
        path: '/api/guardian-relationships/00000003-0000-4000-8000-000000000001',
        body: { ...pending, status: 'rejected' },
      },
      ...pageRoutes({ relationships: [pending] }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reject Bob Ward' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        status: 'rejected',
      }),
    );
  });

  it("keeps a request the guardian declined on the ward's list, marked so, until the ward removes it", async () => {
    const declined = relationship({
      status: 'rejected',
      role: 'ward',
      guardian_id: '00000001-0000-4000-8000-000000000003',
      ward_id: '00000001-0000-4000-8000-000000000001',
      guardian: { full_name: 'Cy Guardian', email: 'cy@example.org' },
    });
    const theirs = relationship({ id: '00000003-0000-4000-8000-00000000000c', status: 'rejected' });
    const { api, user } = await openGuardianPage([
      {
        method: 'DELETE',
        path: '/api/guardian-relationships/00000003-0000-4000-8000-000000000001',
        status: 204,
      },
      ...pageRoutes({ relationships: [declined, theirs] }),
    ]);
    const card = await screen.findByRole('region', { name: 'Pending Requests' });
    const row = await within(card).findByRole('listitem', { name: 'Cy Guardian' });
    expect(within(row).getByText('Declined your request')).toBeInTheDocument();
    expect(within(row).queryByText('Waiting for their answer')).not.toBeInTheDocument();
    // The guardian's own "no" is not listed back to them.
    expect(within(card).queryByRole('listitem', { name: 'Bob Ward' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remove the declined request to Cy Guardian' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('ends a link with a guardian after confirmation', async () => {
    const active = relationship({
      status: 'active',
      role: 'ward',
      guardian_id: '00000001-0000-4000-8000-000000000003',
      ward_id: '00000001-0000-4000-8000-000000000001',
      guardian: { full_name: 'Cy Guardian', email: 'cy@example.org' },
    });
    const { api, user } = await openGuardianPage([
      {
        method: 'DELETE',
        path: '/api/guardian-relationships/00000003-0000-4000-8000-000000000001',
        status: 204,
      },
      ...pageRoutes({ relationships: [active] }),
    ]);
    const guardians = await screen.findByRole('region', { name: 'Connected Guardians' });
    await user.click(await within(guardians).findByRole('button', { name: 'End link with Cy Guardian' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this link?' });
    expect(dialog).toHaveTextContent('Cy Guardian will no longer see your location or your alerts.');
    await user.click(within(dialog).getByRole('button', { name: 'End Link' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(await within(guardians).findByText(/No guardians yet/)).toBeInTheDocument();
  });
});

describe('/guardian: invite codes and copying', () => {
  it('generates a code and lists it with its expiry', async () => {
    const { user } = await openGuardianPage([
      { method: 'POST', path: '/api/invite-codes', status: 201, body: inviteCode('NEWCODE1') },
      ...pageRoutes({ codes: [inviteCode('OLDCODE1', 2 * HOUR_MS)] }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your unused invite codes' });
    expect(within(list).getByRole('listitem', { name: 'Invite code OLDCODE1' })).toHaveTextContent(
      'Expires in 2 h 0 min',
    );
    await user.click(screen.getByRole('button', { name: 'Generate Invite Code' }));
    const item = await within(list).findByRole('listitem', { name: 'Invite code NEWCODE1' });
    expect(item).toHaveTextContent('Expires in 24 h 0 min');
    expect(within(list).getAllByRole('listitem')[0]).toBe(item);
  });

  it("says 'Copied' for 2 seconds after copying a code", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user } = await openGuardianPage(pageRoutes({ codes: [inviteCode('COPYME12')] }));
    const copy = await screen.findByRole('button', { name: 'Copy invite code COPYME12' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('COPYME12');
    expect(copy).toHaveTextContent('Copied');
    expect(within(copy).getByRole('status')).toHaveTextContent('Copied');

    await act(() => vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 100));
    expect(copy).toHaveTextContent('Copied');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(copy).not.toHaveTextContent('Copied');
    expect(copy).toHaveTextContent('Copy');
  });

  it("shows 'Copy Failed' when the browser refuses the clipboard", async () => {
    const { user } = await openGuardianPage(pageRoutes({ codes: [inviteCode('COPYME12')] }));
    const copy = await screen.findByRole('button', { name: 'Copy invite code COPYME12' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(copy);
    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(copy).not.toHaveTextContent('Copied');
  });
});

describe('/guardian: share links', () => {
  it('generates a real share link, lists it with its expiry and a copy button, and revokes it', async () => {
    const { api, user } = await openGuardianPage([
      {
        method: 'POST',
        path: '/api/share-links',
        status: 201,
        body: shareLink('00000007-0000-4000-8000-000000000001'),
      },
      { method: 'DELETE', path: '/api/share-links/00000007-0000-4000-8000-000000000001', status: 204 },
      ...pageRoutes(),
    ]);
    const card = await screen.findByRole('region', { name: 'Share Live Location' });
    expect(within(card).getByText('No active share links.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Generate Share Link' }));

    expect(await within(card).findByLabelText('Share link')).toHaveValue(
      'http://localhost:3000/track/0000000a-0000-4000-8000-000000000001',
    );
    expect(within(card).getByText(/^Expires /)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy share link' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost:3000/track/0000000a-0000-4000-8000-000000000001',
    );

    await user.click(within(card).getByRole('button', { name: /^Revoke the share link/ }));
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) => r.method === 'DELETE' && r.path === '/api/share-links/00000007-0000-4000-8000-000000000001',
        ),
      ).toBe(true),
    );
    expect(await within(card).findByText('No active share links.')).toBeInTheDocument();
  });

  it('says which listed link an SOS text carried: it shows the position only while that SOS is active', async () => {
    const own = shareLink('00000007-0000-4000-8000-000000000002');
    const sent = { ...shareLink('00000007-0000-4000-8000-000000000003'), sent_with_alert: true };
    await openGuardianPage(pageRoutes({ links: [own, sent] }));
    const card = await screen.findByRole('region', { name: 'Share Live Location' });
    const rows = await within(card).findAllByRole('listitem');
    const sentRow = rows.find((row) => within(row).queryByDisplayValue(sent.url));
    const ownRow = rows.find((row) => within(row).queryByDisplayValue(own.url));
    expect(within(sentRow!).getByText(GUARDIAN_PAGE_TEXTS.sentWithAlert)).toBeInTheDocument();
    expect(within(ownRow!).queryByText(GUARDIAN_PAGE_TEXTS.sentWithAlert)).not.toBeInTheDocument();
  });
});

describe('/guardian: signed out', () => {
  it('shows the login card', async () => {
    markOnboardingSeenForTest();
    mockApi();
    await renderApp('/guardian');
    expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
  });
});
