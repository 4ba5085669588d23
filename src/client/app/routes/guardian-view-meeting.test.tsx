import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WardAlertDetail } from '#shared/schemas/alert';
import type { Ward } from '#shared/schemas/guardian';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeSession, mockApi } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

/** A guardian's view of a ward's alert that carries a meeting (docs/PRODUCT.md#who-youre-meeting). */

const WARD_ID = '00000002-0000-4000-8000-000000000007';
const ward: Ward = {
  relationship_id: '00000003-0000-4000-8000-000000000001',
  ward_id: WARD_ID,
  full_name: 'Bob Ward',
  email: 'bob@example.org',
  location_sharing_enabled: true,
  location: null,
  linked_since: '2025-01-01T00:00:00.000Z',
};

const meeting: AlertMeetingView = {
  person: 'Sam from the app',
  location: 'Café Nero, High St',
  startAt: '2026-05-12T18:30:00.000Z',
  endAt: null,
  notes: 'Blue jacket',
  hasPhoto: true,
};

function wardAlert(withMeeting: AlertMeetingView | null): WardAlertDetail {
  return {
    alert: fakeAlert({ meeting: withMeeting }),
    emergencyContacts: 0,
    deliveries: [],
    summary: { successful: 0, total: 0 },
    responses: [],
    timeline: [],
    ward_id: WARD_ID,
    seen_at: null,
  };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

async function openGuardianView(alert: WardAlertDetail, photoStatus = 200) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi([
    { method: 'GET', path: '/api/wards', body: { wards: [ward] } },
    { method: 'GET', path: '/api/wards/alerts', body: { alerts: [alert] } },
    { method: 'GET', path: '/api/wards/journeys', body: { escorts: [], checkins: [], warnings: [] } },
    {
      method: 'GET',
      path: `/api/locations/route?userId=${WARD_ID}`,
      body: { user_id: WARD_ID, sharing: true, route: [] },
    },
    photoStatus === 200
      ? { method: 'GET', path: `/api/alerts/${alert.alert.id}/meeting-photo`, bytes: JPEG }
      : {
          method: 'GET',
          path: `/api/alerts/${alert.alert.id}/meeting-photo`,
          status: photoStatus,
          body: { error: 'not_found', message: 'Not found' },
        },
  ]);
  const view = await renderApp('/guardian/wards');
  return { api, view, card: await screen.findByRole('article', { name: 'Bob Ward' }) };
}

const made: string[] = [];
const revoked: string[] = [];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  made.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob): string => {
    const url = `blob:photo-${made.length + 1}-${blob.size}`;
    made.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string): void => {
    revoked.push(url);
  };
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('a ward’s alert with a meeting, in the guardian view', () => {
  it('shows whom, where, since, the notes, and the photo fetched with the guardian’s session', async () => {
    const { api, view, card } = await openGuardianView(wardAlert(meeting));
    const details = await within(card).findByTestId('ward-alert-meeting');
    expect(within(details).getByRole('heading', { name: 'Who they are meeting' })).toBeInTheDocument();
    expect(details).toHaveTextContent('WhoSam from the app');
    expect(details).toHaveTextContent('WhereCafé Nero, High St');
    expect(details).toHaveTextContent('Since');
    expect(details).toHaveTextContent('Expected endNot specified');
    expect(details).toHaveTextContent('NotesBlue jacket');
    const photo = await within(details).findByRole('img', { name: 'Photo of Sam from the app' });
    expect(photo).toHaveAttribute('src', `blob:photo-1-${JPEG.length}`);
    const asked = api.requests.filter((request) => request.path.endsWith('/meeting-photo'));
    expect(asked).toEqual([expect.objectContaining({ method: 'GET', authorization: 'Bearer access-1' })]);
    // The bytes are let go when the view goes.
    view.unmount();
    expect(revoked).toEqual(made);
  });

  it('says when the photo could not be loaded', async () => {
    const { card } = await openGuardianView(wardAlert(meeting), 404);
    expect(await within(card).findByText('The photo could not be loaded.')).toBeInTheDocument();
  });

  it('asks for no photo when the meeting has none, and shows the defaults of blank fields', async () => {
    const { api, card } = await openGuardianView(
      wardAlert({ ...meeting, person: '', location: '', notes: '', hasPhoto: false }),
    );
    const details = await within(card).findByTestId('ward-alert-meeting');
    expect(details).toHaveTextContent('WhoPerson not specified');
    expect(details).toHaveTextContent('WhereLocation not specified');
    expect(details).not.toHaveTextContent('Notes');
    expect(within(details).queryByRole('img')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path.endsWith('/meeting-photo'))).toBe(false);
  });

  it('shows nothing of a meeting for an alert without one', async () => {
    const { card } = await openGuardianView(wardAlert(null));
    await waitFor(() => expect(within(card).getByText('Trigger: SOS button')).toBeInTheDocument());
    expect(within(card).queryByTestId('ward-alert-meeting')).not.toBeInTheDocument();
  });
});
