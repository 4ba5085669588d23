import type { AlertSmsJourney } from '#shared/alert-sms-text';
import type { AlertTriggerType, RaiseOutcome } from '#shared/schemas/alert';
import type { AlertMeetingInput } from './alert-meeting';
import type { AlertPorts } from './ports';
import type { SmsCapsDeps } from './sms-caps';

/** What raises an alert: the SOS button and quick messages, POST /api/send-emergency-sms, a journey's deadline. */
export type RaiseAlertInput = {
  userId: string;
  triggerType: AlertTriggerType;
  message?: string | null;
  notes?: string | null;
  location?: {
    latitude: number;
    longitude: number;
    accuracy?: number | null;
    address?: string | null;
  } | null;
  recordingId?: string | null;
  /** A queued SOS sent late: how long ago the person raised it (by their phone's clock). */
  raisedSecondsAgo?: number;
  /** Same key, same alert: a retried request raises one alert. */
  idempotencyKey?: string;
  /**
   * Text only the contacts with these numbers (POST /api/send-emergency-sms). Each must be one of the person's
   * saved contacts' numbers, else 400 naming it: nobody can text arbitrary numbers (SMS pumping).
   */
  onlyNumbers?: readonly string[];
  /** What the request asked for (request-hash.ts): the same key with a different request is refused (422). */
  requestHash?: string;
  /**
   * A journey's deadline raised it (modules/journeys): the text names the destination or missed check-in. Such an
   * alert is its own (it never joins an open one: its key alone makes it exactly once) and is not counted
   * against the person's alerts per hour.
   */
  journey?: AlertSmsJourney;
  /**
   * Raised by the server, not by the person (a journey's deadline): without any contact the alert still goes
   * to their active guardians (realtime and push), and only with neither is it refused (400
   * `no_emergency_contacts`). An SOS never sets this: the person is told to add contacts instead.
   */
  guardiansSuffice?: boolean;
  /**
   * The meeting the phone's log had under way (POST /api/alerts): stored with a new alert, or with the open alert
   * an SOS joins when that alert carries none yet; its text names it (alert-meeting.ts).
   */
  meeting?: AlertMeetingInput;
};

/** The alert a raise ended with, what the raise did, and the time by which the texts it queued were due. */
export type RaisedAlert = { alertId: string; outcome: RaiseOutcome; textsDueBy: Date };

export type RaiseDeps = SmsCapsDeps &
  AlertPorts & {
    /** Where the live-tracking link in a text points (http/public-origin.ts). */
    origin: string;
    /** The server secret each contact's responder code is derived with (responder-code.ts). */
    responderKey: string;
    /** ALERT_ESCALATION_SECONDS, for a person who did not choose their own (escalation-job.ts). */
    escalationDefaultSeconds: number;
    /** Signs each guardian's push answer token (response-token.ts). */
    responseKey: string;
  };
