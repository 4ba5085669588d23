import { buildAlertSms, type AlertSmsMeeting } from '#shared/alert-sms-text';
import type { AlertLocation, AlertTriggerType, CreateAlertRequest } from '#shared/schemas/alert';
import type { AlertMeeting, AlertMeetingView } from '#shared/schemas/meeting';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { buildSmsUrl, type SmsComposerAdapter } from '../../../lib/device/sms-composer';
import { readOfflineEmergencyData } from '../../../lib/offline-emergency-data';

/** The meeting as the alert's text names it (whom, where, since when), from the request or the stored alert. */
function smsMeeting(meeting: AlertMeeting | AlertMeetingView | null | undefined): AlertSmsMeeting | null {
  if (!meeting) return null;
  return {
    person: meeting.person,
    location: meeting.location,
    startAt: new Date(meeting.startAt),
    endAt: meeting.endAt ? new Date(meeting.endAt) : null,
  };
}

/**
 * The text the messaging app opens with: the same words the server texts (who, why, when, where, the meeting under
 * way, their words), dated to when the person raised the SOS. No tracking link: the phone has none without the
 * server.
 */
export function offlineSmsBody(input: {
  fullName: string | null;
  triggerType: AlertTriggerType;
  message?: string | null;
  location: AlertLocation | null | undefined;
  raisedAt: Date;
  meeting?: AlertMeeting | AlertMeetingView | null;
}): string {
  return buildAlertSms({
    fullName: input.fullName,
    triggerType: input.triggerType,
    at: input.raisedAt,
    location: input.location,
    message: input.message,
    meeting: smsMeeting(input.meeting),
    // The phone's own zone: the person is where the phone is.
    timeZone: browserTimeZone(),
  });
}

/**
 * What the phone can offer when Beacon has not sent an SOS: its messaging app (`sms:`) with every number saved on
 * this phone and the alert's text. `url` is null when no number is saved; `mayNotOpen` when this device probably
 * has no messaging app (the link is offered all the same: some desktops hand it to a paired phone).
 */
export type MessagingAppOffer = { url: string | null; mayNotOpen: boolean };

export function messagingAppOffer(input: {
  composer: SmsComposerAdapter;
  phoneNumbers: readonly string[];
  body: string;
}): MessagingAppOffer {
  return {
    url: input.phoneNumbers.length === 0 ? null : buildSmsUrl(input.phoneNumbers, input.body),
    mayNotOpen: !input.composer.isAvailable(),
  };
}

/**
 * Opens the messaging app with the offer, when there is one and the device has a messaging app
 * (docs/PRODUCT.md#offline-sos); true when it was handed the link. The panel offers the same link again, so
 * nothing is lost when this cannot open it.
 */
export function openMessagingApp(composer: SmsComposerAdapter, offer: MessagingAppOffer): boolean {
  if (!offer.url || offer.mayNotOpen) return false;
  try {
    composer.open(offer.url);
    return true;
  } catch {
    return false;
  }
}

/**
 * The offer for one SOS: the numbers saved on this phone (the offline copy, which the SOS uses without the server),
 * and the alert's own words dated to when it was raised. `fullName` wins over the saved one when known.
 */
export function alertMessagingAppOffer(input: {
  composer: SmsComposerAdapter;
  userId: string;
  request: CreateAlertRequest;
  raisedAt: Date;
  fullName?: string | null;
}): MessagingAppOffer {
  const stored = readOfflineEmergencyData(input.userId);
  return messagingAppOffer({
    composer: input.composer,
    phoneNumbers: stored?.contacts.map((contact) => contact.phone) ?? [],
    body: offlineSmsBody({
      fullName: input.fullName || stored?.fullName || null,
      triggerType: input.request.triggerType,
      message: input.request.message,
      location: input.request.location,
      raisedAt: input.raisedAt,
      meeting: input.request.meeting,
    }),
  });
}
