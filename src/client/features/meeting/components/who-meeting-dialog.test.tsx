import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { MEETING } from '#shared/schemas/meeting';
import { DeviceProvider } from '../../../lib/device/device-context';
import type { Position } from '../../../lib/device/geolocation';
import { meetingLogStore, readMeetingPhoto } from '../../../lib/meeting-log/meeting-log-store';
import { createFakeDevice, type FakeDevice } from '../../../testing/fake-device';
import * as resize from '../utils/resize-photo';
import { WhoMeetingDialog } from './who-meeting-dialog';

const ADA = 'user-ada';
const PHOTO = 'data:image/jpeg;base64,/9j/AAAA';

function setup({ device = createFakeDevice(), userId = ADA }: { device?: FakeDevice; userId?: string } = {}) {
  const view = render(
    <DeviceProvider adapters={device}>
      <WhoMeetingDialog userId={userId} open onOpenChange={() => undefined} />
    </DeviceProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Who You’re Meeting' });
  return { dialog, device, view, user: userEvent.setup() };
}

const field = (name: string): HTMLInputElement => screen.getByLabelText(name);
const save = () => screen.getByRole('button', { name: 'Save Meeting Details' });
const shownPeople = (): string[] =>
  screen.queryAllByTestId('meeting-person').map((person) => person.textContent ?? '');

async function saveMeeting(user: ReturnType<typeof userEvent.setup>, person: string): Promise<void> {
  await user.type(field('Person’s Name'), person);
  await user.click(save());
  // Saved: the form is blank again.
  expect(field('Person’s Name')).toHaveValue('');
}

describe('Who You’re Meeting', () => {
  it('has every field, all optional, with Start Time set to now and nothing saved yet', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 12, 14, 5, 30));
    setup();
    expect(field('Person’s Name')).toHaveValue('');
    expect(field('Where are you?')).toHaveValue('');
    expect(field('Start Time')).toHaveValue('14:05');
    expect(field('Expected End')).toHaveValue('');
    expect(field('Notes')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Take Photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
    expect(screen.getByText('No meetings saved yet.')).toBeInTheDocument();
  });

  it('saves a blank form with the defaults: person, place and end not specified, started now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 12, 14, 5, 30));
    const { user } = setup();
    await user.click(save());
    const entry = await screen.findByTestId('meeting-entry');
    expect(within(entry).getByText('Person not specified')).toBeInTheDocument();
    expect(within(entry).getByText('Location not specified')).toBeInTheDocument();
    expect(within(entry).getByText(/Expected End:/)).toHaveTextContent('Expected End: Not specified');
    const [stored] = meetingLogStore(ADA).get();
    expect(stored).toMatchObject({
      person: '',
      location: '',
      notes: '',
      endAt: null,
      hasPhoto: false,
      startAt: new Date(2026, 4, 12, 14, 5, 0).toISOString(),
    });
  });

  it('saves what was typed, the times as instants on the day it is saved', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 12, 14, 5, 30));
    const { user } = setup();
    await user.type(field('Person’s Name'), 'Sam from the app');
    await user.type(field('Where are you?'), 'Café Nero, High St');
    await user.clear(field('Start Time'));
    await user.type(field('Start Time'), '13:30');
    await user.type(field('Expected End'), '15:00');
    await user.type(field('Notes'), 'Blue jacket');
    await user.click(save());
    const entry = await screen.findByTestId('meeting-entry');
    expect(entry).toHaveTextContent('Sam from the app');
    expect(entry).toHaveTextContent('Café Nero, High St');
    expect(entry).toHaveTextContent('Blue jacket');
    expect(meetingLogStore(ADA).get()[0]).toMatchObject({
      person: 'Sam from the app',
      location: 'Café Nero, High St',
      notes: 'Blue jacket',
      startAt: new Date(2026, 4, 12, 13, 30).toISOString(),
      endAt: new Date(2026, 4, 12, 15, 0).toISOString(),
    });
  });

  it(`keeps the last ${MEETING.keep}, newest first: the oldest goes when another is saved`, async () => {
    const { user } = setup();
    for (const person of ['One', 'Two', 'Three', 'Four', 'Five']) await saveMeeting(user, person);
    expect(shownPeople()).toEqual(['Five', 'Four', 'Three', 'Two', 'One']);
    await saveMeeting(user, 'Six');
    expect(shownPeople()).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
    expect(
      meetingLogStore(ADA)
        .get()
        .map((entry) => entry.person),
    ).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
  });

  it('deletes one entry, and only that one', async () => {
    const { user } = setup();
    for (const person of ['One', 'Two', 'Three']) await saveMeeting(user, person);
    await user.click(screen.getByRole('button', { name: 'Delete meeting with Two' }));
    expect(shownPeople()).toEqual(['Three', 'One']);
    expect(
      meetingLogStore(ADA)
        .get()
        .map((entry) => entry.person),
    ).toEqual(['Three', 'One']);
  });

  it('fills Where are you? from the GPS button with the coordinates', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(field('Where are you?')).toHaveValue('51.500000, -0.120000');
  });

  it('says Location Error when there is no position, and leaves the place to be typed', async () => {
    const failed = vi.spyOn(toast, 'error');
    const device = createFakeDevice();
    let fail: (error: unknown) => void = () => undefined;
    device.geolocation.getCurrentPosition = () =>
      new Promise<Position>((_resolve, reject) => {
        fail = reject;
      });
    const { user } = setup({ device });
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(screen.getByRole('button', { name: 'Getting your location…' })).toBeDisabled();
    await act(async () => fail(Object.assign(new Error('denied'), { code: 1 })));
    expect(failed).toHaveBeenCalledWith('Location Error', {
      description: 'Could not get current location. Please enter manually.',
    });
    expect(field('Where are you?')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeEnabled();
  });

  it('resizes a chosen photo on the phone, shows it, and keeps it with the entry', async () => {
    const resized = vi.spyOn(resize, 'resizePhoto').mockResolvedValue(PHOTO);
    const { user } = setup();
    const file = new File(['raw camera bytes'], 'IMG_0001.HEIC', { type: 'image/heic' });
    await user.upload(screen.getByTestId('meeting-photo-gallery'), file);
    expect(resized).toHaveBeenCalledWith(file);
    expect(await screen.findByTestId('meeting-photo-preview')).toHaveAttribute('src', PHOTO);
    await user.type(field('Person’s Name'), 'Sam');
    await user.click(save());
    expect(await screen.findByRole('img', { name: 'Photo of Sam' })).toHaveAttribute('src', PHOTO);
    const [stored] = meetingLogStore(ADA).get();
    expect(stored?.hasPhoto).toBe(true);
    expect(readMeetingPhoto(ADA, stored?.id ?? '')).toBe(PHOTO);
    // The form is ready for the next meeting: no photo chosen.
    expect(screen.queryByTestId('meeting-photo-preview')).not.toBeInTheDocument();
  });

  it('takes a photo with the camera input too (image files only)', async () => {
    const resized = vi.spyOn(resize, 'resizePhoto').mockResolvedValue(PHOTO);
    const { user } = setup();
    const camera = screen.getByTestId('meeting-photo-camera');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('meeting-photo-gallery')).toHaveAttribute('accept', 'image/*');
    await user.upload(camera, new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(resized).toHaveBeenCalledOnce();
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByTestId('meeting-photo-preview')).not.toBeInTheDocument();
  });

  it('says Photo Error for a file the browser cannot read, and saves without one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = vi.spyOn(toast, 'error');
    vi.spyOn(resize, 'resizePhoto').mockRejectedValue(new Error('not an image'));
    const { user } = setup();
    await user.upload(
      screen.getByTestId('meeting-photo-gallery'),
      new File(['?'], 'x.png', { type: 'image/png' }),
    );
    await vi.waitFor(() =>
      expect(failed).toHaveBeenCalledWith('Photo Error', {
        description: 'This image could not be read. Try another one.',
      }),
    );
    await user.click(save());
    expect(meetingLogStore(ADA).get()[0]?.hasPhoto).toBe(false);
  });

  it('keeps each person’s log apart', async () => {
    const { user, view } = setup();
    await saveMeeting(user, 'Ada’s meeting');
    view.unmount();
    setup({ userId: 'user-bob' });
    expect(screen.getByText('No meetings saved yet.')).toBeInTheDocument();
    expect(shownPeople()).toEqual([]);
  });
});
