-- Where an alert's position came from. 'phone': the phone sent it with the SOS. 'last_known': the phone sent
-- none (no permission, no fix), so the newest position the server held for the person was used; it was taken at
-- location_recorded_at, and the texts and the guardian view say how old it is. Both are NULL without a position.
ALTER TABLE alerts ADD COLUMN location_source text CHECK (location_source IN ('phone', 'last_known'));
ALTER TABLE alerts ADD COLUMN location_recorded_at timestamptz;
UPDATE alerts SET location_source = 'phone' WHERE location_lat IS NOT NULL AND location_source IS NULL;
