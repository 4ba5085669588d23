import { screen, waitFor, within } from '@testing-library/react';
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { MAP } from '#shared/constants';
import type { NearbyPlacesResponse } from '#shared/schemas/nearby-places';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { createFakeDevice } from '../../../testing/fake-device';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { SafetyMapCard } from './safety-map-card';

const PATH = '/api/nearby-places';
const NEW_YORK = { latitude: 40.712776, longitude: -74.005974 };

const FOUND: NearbyPlacesResponse = {
  fallback: false,
  places: [
    {
      name: 'NYPD 1st Precinct',
      type: 'police',
      coordinates: [40.7199, -74.0078],
      description: 'Police · Open 24/7',
      address: '16 Ericsson Place, New York',
      phone: '+1 212-334-0611',
      hours: '24/7',
    },
    {
      name: 'Duane Reade',
      type: 'public_safe',
      coordinates: [40.7137, -74.0079],
      description: 'Safe Place · Pharmacy · Open 24/7',
      address: '233 Broadway, New York',
    },
  ],
};

function setUp(routes: Parameters<typeof mockApi>[0] = [{ method: 'POST', path: PATH, body: FOUND }]) {
  storeSession(fakeSession());
  const api = mockApi(routes);
  const device = createFakeDevice();
  const view = renderWithProviders(<SafetyMapCard />, { device });
  const card = screen.getByRole('region', { name: 'Safety Map - Emergency Services & Safe Places' });
  const map = screen.getByRole('region', { name: /^Safety map of nearby/ });
  return { ...view, api, device, card, map };
}

/** Leaflet loads on demand; on a busy machine the first import takes a while. */
const LEAFLET_WAIT = { timeout: 10_000 };

const marker = (map: HTMLElement, title: string) =>
  waitFor(() => {
    const found = map.querySelector<HTMLElement>(`.leaflet-marker-icon[title="${title}"]`);
    expect(found).not.toBeNull();
    return found!;
  }, LEAFLET_WAIT);

describe('SafetyMapCard', () => {
  it('shows the title and legend, and without a fix says the location is unknown and asks for nothing', async () => {
    const { api, card } = setUp();
    for (const badge of ['Emergency Services', 'Safe Public Places', 'Surveillance Areas']) {
      expect(within(card).getByText(badge)).toBeInTheDocument();
    }
    expect(within(card).getByRole('status')).toHaveTextContent(/location is not known yet/);
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull(), LEAFLET_WAIT);
    expect(api.requests.filter((request) => request.path === PATH)).toEqual([]);
  });

  it('says so when location access is denied, and asks for nothing', async () => {
    const { api, device, card } = setUp();
    device.emitPositionError({ code: 1, message: 'User denied Geolocation' });
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent(
        /^Location access denied\. Please enable location permissions\./,
      ),
    );
    expect(api.requests.filter((request) => request.path === PATH)).toEqual([]);
  });

  it('opens at the default centre, zooms to 15 on the first fix and asks for the places there', async () => {
    const setView = vi.spyOn(L.Map.prototype, 'setView');
    const { api, device, map } = setUp();
    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull(), LEAFLET_WAIT);
    expect(setView).toHaveBeenCalledWith([...MAP.defaultCenter], MAP.defaultZoom);

    device.emitPosition(NEW_YORK);
    await waitFor(() =>
      expect(setView).toHaveBeenLastCalledWith([NEW_YORK.latitude, NEW_YORK.longitude], MAP.firstFixZoom),
    );
    await marker(map, 'Your position');
    await waitFor(() => expect(api.requests.filter((request) => request.path === PATH)).toHaveLength(1));
    expect(api.requests.find((request) => request.path === PATH)?.body).toEqual({
      lat: NEW_YORK.latitude,
      lng: NEW_YORK.longitude,
    });
  });

  it('says (Loading...) while the places load, then shows a marker per place', async () => {
    const { api, device, card, map } = setUp();
    let answer: (response: Response) => void = () => undefined;
    api.fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    device.emitPosition(NEW_YORK);
    expect(await within(card).findByText('(Loading...)')).toBeInTheDocument();
    // The card keeps its name while loading.
    expect(screen.getByRole('region', { name: 'Safety Map - Emergency Services & Safe Places' })).toBe(card);
    answer(new Response(JSON.stringify(FOUND), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(within(card).queryByText('(Loading...)')).not.toBeInTheDocument());
    await marker(map, 'Police: NYPD 1st Precinct');
    await marker(map, 'Safe Place: Duane Reade');
    expect(within(card).queryByText('(Sample Data)')).not.toBeInTheDocument();
  });

  it('opens a detail panel from a marker with a tap-to-call link and directions', async () => {
    const { device, card, map, user } = setUp();
    device.emitPosition(NEW_YORK);
    await user.click(await marker(map, 'Police: NYPD 1st Precinct'));

    const details = within(card).getByRole('region', { name: 'NYPD 1st Precinct' });
    expect(within(details).getByText('Police · Open 24/7')).toBeInTheDocument();
    expect(within(details).getByText('16 Ericsson Place, New York')).toBeInTheDocument();
    expect(within(details).getByText('24/7')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Call +1 212-334-0611' })).toHaveAttribute(
      'href',
      'tel:+12123340611',
    );
    const directions = within(details).getByRole('link', { name: /^Get Directions/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/directions?to=40.719900,-74.007800',
    );
    expect(directions).toHaveAttribute('target', '_blank');

    await user.click(within(details).getByRole('button', { name: 'Close details' }));
    expect(within(card).queryByRole('region', { name: 'NYPD 1st Precinct' })).not.toBeInTheDocument();
  });

  it('opens the panel from the keyboard too', async () => {
    const { device, card, map, user } = setUp();
    device.emitPosition(NEW_YORK);
    const pharmacy = await marker(map, 'Safe Place: Duane Reade');
    expect(pharmacy).toHaveAttribute('role', 'button');
    pharmacy.focus();
    await user.keyboard('{Enter}');
    const details = await within(card).findByRole('region', { name: 'Duane Reade' });
    // No phone and no hours in the data: none shown.
    expect(within(details).queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
  });

  it('says (Sample Data) and that the samples are not near the person when the answer is the fallback', async () => {
    const sample: NearbyPlacesResponse = {
      fallback: true,
      places: [
        {
          name: 'Sample Hospital',
          type: 'hospital',
          coordinates: [39.8343, -98.5835],
          description: 'Hospital · Sample place, not a real service',
          address: 'Sample data, not a real address',
        },
      ],
    };
    const { device, card, map } = setUp([{ method: 'POST', path: PATH, body: sample }]);
    device.emitPosition(NEW_YORK);
    expect(await within(card).findByText('(Sample Data)')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(/not places near you/);
    await marker(map, 'Hospital: Sample Hospital');
  });

  it('says plainly that nearby places could not be loaded, and shows none, when the request fails', async () => {
    const { device, card, map } = setUp([
      {
        method: 'POST',
        path: PATH,
        status: 500,
        body: { error: 'internal', message: 'Something went wrong.' },
      },
    ]);
    device.emitPosition(NEW_YORK);
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('Nearby places could not be loaded.'),
    );
    await marker(map, 'Your position');
    expect(map.querySelectorAll('.beacon-place-marker')).toHaveLength(0);
    expect(within(card).queryByText('(Sample Data)')).not.toBeInTheDocument();
  });

  it('asks again only when the position moves into another grid cell', async () => {
    const { api, device, map } = setUp();
    device.emitPosition(NEW_YORK);
    await marker(map, 'Police: NYPD 1st Precinct');
    const asked = () => api.requests.filter((request) => request.path === PATH).length;
    expect(asked()).toBe(1);

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10_000);
    device.emitPosition({ latitude: 40.7131, longitude: -74.0062 }); // same cell
    await marker(map, 'Your position');
    expect(asked()).toBe(1);

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 20_000);
    device.emitPosition({ latitude: 40.7301, longitude: -73.9951 }); // another cell
    await waitFor(() => expect(asked()).toBe(2));
  });
});
