/** Profile and contact schemas with their exact messages (docs/PRODUCT.md#profile-fields). */
import { describe, expect, it } from 'vitest';
import {
  EmergencyContactInputSchema,
  EmergencyContactPatchSchema,
  ProfileFormSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from './profile';
import { firstMessage } from './test-helpers';

describe('profile form (fullName min 2, email valid, phone optional)', () => {
  const form = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '' };
  it('accepts a valid form with an empty phone', () =>
    expect(ProfileFormSchema.safeParse(form).success).toBe(true));
  it.each(['', 'A', ' A '])('fullName %j → Full name is required', (fullName) => {
    expect(firstMessage(ProfileFormSchema, { ...form, fullName })).toBe('Full name is required');
  });
  it.each(['', 'ada', 'ada@', 'ada@example', 'a da@example.com'])(
    'email %j → Invalid email address',
    (email) => {
      expect(firstMessage(ProfileFormSchema, { ...form, email })).toBe('Invalid email address');
    },
  );
});

describe('profile record update', () => {
  it('every field is optional; unknown fields are refused', () => {
    expect(ProfileUpdateSchema.parse({})).toEqual({});
    expect(ProfileUpdateSchema.safeParse({ id: 'someone-else' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ full_name: 'Ada', is_admin: true }).success).toBe(false);
  });
  it('sends the phone as null when empty', () => {
    expect(ProfileUpdateSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(ProfileUpdateSchema.parse({ phone: null })).toEqual({ phone: null });
    expect(ProfileUpdateSchema.parse({ full_name: 'Ada' })).toEqual({ full_name: 'Ada' });
  });
  it.each([
    [{ full_name: 'A' }, 'Full name is required'],
    [{ full_name: 'x'.repeat(101) }, 'Full name must be less than 100 characters'],
    [{ full_name: 'Ada & Co' }, 'Full name contains invalid characters'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ email: `${'e'.repeat(250)}@ex.com` }, 'Email must be less than 255 characters'],
    [{ phone: '12345' }, 'Phone number must be at least 7 digits'],
    [{ phone: '1234567890123456' }, 'Phone number must be at most 15 digits'],
    [{ phone: '+01234567' }, 'Phone number must be in E.164 format (+1234567890)'],
  ])('%j → %s', (update, message) => expect(firstMessage(ProfileUpdateSchema, update)).toBe(message));
  it('settings are a partial set of booleans', () => {
    expect(ProfileUpdateSchema.parse({ settings: { emergencyContacts: false } })).toEqual({
      settings: { emergencyContacts: false },
    });
    expect(ProfileUpdateSchema.safeParse({ settings: { emergencyContacts: 'no' } }).success).toBe(false);
  });

  it('drops the notification switches that acted on nothing (an older app may still send them)', () => {
    expect(
      ProfileUpdateSchema.parse({ settings: { emergencyAlerts: false, locationSharing: false } }),
    ).toEqual({ settings: {} });
  });
});

describe('emergency contact input', () => {
  it('defaults the relationship to Emergency Contact and trims', () => {
    expect(EmergencyContactInputSchema.parse({ name: ' Mum ', phone: ' +15551234567 ' })).toEqual({
      name: 'Mum',
      phone: '+15551234567',
      relationship: 'Emergency Contact',
    });
  });
  it.each([
    [{ name: 'M', phone: '+15551234567' }, 'Name must be at least 2 characters'],
    [{ name: 'M'.repeat(101), phone: '+15551234567' }, 'Name must be less than 100 characters'],
    [{ name: '<b>Mum</b>', phone: '+15551234567' }, 'Name contains invalid characters'],
    [
      { name: 'Mum', phone: '+15551234567', relationship: "Mum's friend" },
      'Relationship contains invalid characters',
    ],
    [{ name: 'Mum', phone: '555' }, 'Phone number must be at least 7 digits'],
    [{ name: 'Mum', phone: 'five five five' }, 'Phone number must be in E.164 format (+1234567890)'],
  ])('%j → %s', (input, message) => expect(firstMessage(EmergencyContactInputSchema, input)).toBe(message));
  it('a patch needs at least one field and uses the same rules', () => {
    expect(EmergencyContactPatchSchema.safeParse({}).success).toBe(false);
    expect(EmergencyContactPatchSchema.safeParse({ name: 'Dad' }).success).toBe(true);
    expect(firstMessage(EmergencyContactPatchSchema, { name: 'D' })).toBe(
      'Name must be at least 2 characters',
    );
  });
});

describe('profile (response)', () => {
  it('carries the profile fields with a list of contacts', () => {
    const profile = {
      id: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455',
      full_name: 'Ada',
      email: 'a@b.co',
      phone: null,
      emergency_contacts: [
        { id: '1700000000000', name: 'Mum', phone: '+15551234567', relationship: 'Parent' },
      ],
      location_sharing_enabled: true,
      sound_enabled: true,
      settings: {
        shareLocation: true,
        emergencyContacts: true,
      },
      time_zone: 'America/New_York',
      last_chance_minutes: 2,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(ProfileSchema.parse(profile)).toEqual(profile);
  });
});
