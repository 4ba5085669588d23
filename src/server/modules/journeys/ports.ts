/**
 * What the journeys module uses of other modules: each a port, declared here with only what journeys use, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { AlertSmsJourney } from '#shared/alert-sms-text';
import type { JourneyWarning } from '#shared/schemas/journey';
import type { SendResult } from '../../adapters/channels';
import type { Queryable } from '../../db/database';

/** A deadline's alert: raised by the server for the person, under a key derived from the journey. */
export type DeadlineAlertInput = {
  userId: string;
  triggerType: 'escort_expired' | 'checkin_missed';
  idempotencyKey: string;
  journey: AlertSmsJourney;
  /** Without any contact the alert still goes to the person's active guardians. */
  guardiansSuffice: true;
};

/**
 * Raises the alert through the one alert pipeline (the alerts module's `raiseAlert`): the same key always finds
 * the same alert; 400 `no_emergency_contacts` when nobody at all could be told.
 */
export type RaiseAlert = (input: DeadlineAlertInput) => Promise<{ alertId: string }>;

/** A check-in needs a contact to text when it is missed; an escort needs a contact or a guardian. */
export type ContactsPort = { countContacts(db: Queryable, userId: string): Promise<number> };

/** The warnings guardians were sent about their wards' journeys (the journey watch writes them). */
export type JourneyWarningsPort = {
  warningsOfWards(
    db: Queryable,
    wards: ReadonlyArray<{ wardId: string; since: Date }>,
  ): Promise<JourneyWarning[]>;
};

/**
 * The safety PIN (modules/safety-pin) a journey's end asks for once its deadline has passed: `duress` for the
 * duress PIN, `refusal` when the request must be refused (PIN missing, wrong, too many wrong).
 */
export type SafetyPinPort = {
  check(userId: string, pin: string | undefined): Promise<{ duress: boolean; refusal: Error | null }>;
};

/** The duress alert, raised silently through the one alert pipeline (modules/alerts). Never throws. */
export type RaiseDuressAlert = (userId: string, idempotencyKey: string) => Promise<void>;
/** The person's last chance after a journey's deadline, in seconds (their profile's setting, or its default). */
export type LastChancePort = { findLastChanceSeconds(db: Queryable, userId: string): Promise<number> };

/**
 * A push to the person's own browsers (the `push` channel: every browser subscription of that user id). `failed`
 * when they have none, so nothing is counted as sent.
 */
export type OwnDevicesPush = (message: {
  userId: string;
  /** The push payload (PushPayloadSchema, JSON). */
  body: string;
  idempotencyKey: string;
}) => Promise<SendResult>;
