import type { Alert } from '#shared/schemas/alert';

/** An alert as the server answers it: a manual SOS without a location, raised and recorded `at`. */
export function fakeAlert(overrides: Partial<Alert> = {}, at: string = new Date().toISOString()): Alert {
  return {
    id: '00000005-0000-4000-8000-000000000001',
    trigger_type: 'manual',
    message: null,
    notes: null,
    location_lat: null,
    location_lng: null,
    location_accuracy: null,
    location_address: null,
    location_source: null,
    location_recorded_at: null,
    recording_id: null,
    occurred_at: at,
    created_at: at,
    status: 'active',
    resolved_at: null,
    state: 'raised',
    acknowledged_at: null,
    meeting: null,
    ...overrides,
  };
}
