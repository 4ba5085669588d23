import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AlertEvents } from './alert-events';
import type { ChangeSignal } from './change-signal';
import type { AlertPorts, SafetyPinPort } from './ports';

/** What every alert action is given (service.ts binds them; module.ts builds it). */
export type AlertDeps = AlertPorts & {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  events: AlertEvents;
  /** Tells waiting requests that a delivery changed (the delivery job calls `notify`). */
  changes: ChangeSignal;
  /** Asks the delivery job to look for due deliveries now. */
  wakeDeliveries: () => void;
  firstAttemptWaitMs: number;
  /** Where the live-tracking link in a text points (http/public-origin.ts). */
  origin: string;
  /** The server secret each contact's responder code is derived with (responder-code.ts). */
  responderKey: string;
  /** The server secret each guardian's push answer token is signed with (response-token.ts). */
  responseKey: string;
  /** SMS_GLOBAL_MAX_PER_HOUR: the breaker on all accounts' alert texts per clock hour (sms-caps.ts). */
  smsGlobalMaxPerHour: number;
  /** ALERT_ESCALATION_SECONDS: how long an alert may go unanswered before it escalates, unless the person chose. */
  escalationDefaultSeconds: number;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
  /** The safety PIN "I'm safe" asks for when the person set one (duress.ts). */
  safetyPins: SafetyPinPort;
};
