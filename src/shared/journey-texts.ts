/**
 * The words of the journey API (escort sessions, check-ins): validation messages and refusals, shared by the
 * server's schemas and the screens that show them (docs/PRODUCT.md#escort-mode, #safety-check-in).
 */
import { CHECK_IN, ESCORT } from './constants';

export const ESCORT_API_TEXTS = {
  /** For a missing destination or a duration below the floor. */
  invalidInput: `Please enter a destination and set at least ${ESCORT.minMinutes} minutes duration.`,
  destinationTooLong: 'Destination must be less than 200 characters',
  destinationInvalid: 'Destination contains invalid characters',
  durationRange: `Estimated duration must be between ${ESCORT.minMinutes} and ${ESCORT.maxMinutes} minutes`,
  extendRange: `Minutes to add must be between ${ESCORT.extendMinMinutes} and ${ESCORT.extendMaxMinutes}`,
  extendTooFar: `An escort cannot run for more than ${ESCORT.maxTotalMinutes / 60} hours in all.`,
  alreadyActive: 'You already have an active escort. Stop it before starting another.',
  /** No contact and no guardian: nobody would be told when the time runs out. */
  needsSomeoneToTell:
    'Please add emergency contacts before starting escort mode. When your time runs out, Beacon tells your emergency contacts and your guardians, and you have neither yet.',
  notActive: 'This escort has already ended.',
  routePointsRequired: 'Send at least one route point',
  tooManyRoutePoints: `Send at most ${ESCORT.maxRoutePointsPerRequest} route points at a time`,
} as const;

export const CHECK_IN_API_TEXTS = {
  /** Starting without contacts. */
  needsContacts: 'Please add emergency contacts before starting check-ins.',
  intervalRange: `Interval must be between ${CHECK_IN.minMinutes} and ${CHECK_IN.maxMinutes} minutes`,
  alreadyActive: 'You already have an active check-in. Stop it before starting another.',
  notActive: 'This check-in has already ended.',
} as const;

export const NEARBY_PLACES_API_TEXTS = {
  /** Missing coordinates use the range messages (a missing latitude is not between -90 and 90). */
  body: 'Send your position as {lat, lng}',
} as const;
