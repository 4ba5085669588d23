import type { AlertSmsMeeting } from '#shared/alert-sms-text';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import { one, type Queryable } from '../../db/database';
import type { AlertMeetingInput, MeetingPhoto, MeetingPhotoType } from './alert-meeting';

/**
 * Stores the meeting an alert carries, unless the alert has one already (an SOS that joins an open alert adds
 * its meeting only to an alert without one). True when this call stored it.
 */
export async function insertMeeting(
  tx: Queryable,
  alertId: string,
  meeting: AlertMeetingInput,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO alert_meetings (alert_id, person, location, start_at, end_at, notes, photo, photo_content_type,
                                 created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (alert_id) DO NOTHING`,
    [
      alertId,
      meeting.person,
      meeting.location,
      meeting.startAt,
      meeting.endAt,
      meeting.notes,
      meeting.photo?.bytes ?? null,
      meeting.photo?.contentType ?? null,
      now,
    ],
  );
  return rowCount > 0;
}

type MeetingRow = {
  alert_id: string;
  person: string;
  location: string;
  start_at: Date;
  end_at: Date | null;
  notes: string;
  has_photo: boolean;
};

/** The meetings of these alerts as their readers see them (without the photo's bytes), by alert id. */
export async function meetingViews(
  db: Queryable,
  alertIds: readonly string[],
): Promise<Map<string, AlertMeetingView>> {
  if (alertIds.length === 0) return new Map();
  const { rows } = await db.query<MeetingRow>(
    `SELECT alert_id, person, location, start_at, end_at, notes, photo IS NOT NULL AS has_photo
     FROM alert_meetings WHERE alert_id = ANY($1::uuid[])`,
    [alertIds],
  );
  return new Map(
    rows.map((row) => [
      row.alert_id,
      {
        person: row.person,
        location: row.location,
        startAt: row.start_at.toISOString(),
        endAt: row.end_at?.toISOString() ?? null,
        notes: row.notes,
        hasPhoto: row.has_photo,
      },
    ]),
  );
}

/** What the contacts' text says of an alert's meeting; undefined when it carries none. */
export async function meetingForText(db: Queryable, alertId: string): Promise<AlertSmsMeeting | undefined> {
  const row = await one<Pick<MeetingRow, 'person' | 'location' | 'start_at' | 'end_at'>>(
    db,
    'SELECT person, location, start_at, end_at FROM alert_meetings WHERE alert_id = $1',
    [alertId],
  );
  return row && { person: row.person, location: row.location, startAt: row.start_at, endAt: row.end_at };
}

/** The photo of an alert's meeting; undefined when the alert carries no meeting or its meeting no photo. */
export async function findMeetingPhoto(db: Queryable, alertId: string): Promise<MeetingPhoto | undefined> {
  const row = await one<{ photo: Uint8Array; photo_content_type: MeetingPhotoType }>(
    db,
    'SELECT photo, photo_content_type FROM alert_meetings WHERE alert_id = $1 AND photo IS NOT NULL',
    [alertId],
  );
  // PGlite hands bytea back as a Uint8Array, the pg driver as a Buffer.
  return row && { bytes: Buffer.from(row.photo), contentType: row.photo_content_type };
}
