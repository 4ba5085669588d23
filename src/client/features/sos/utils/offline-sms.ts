import { buildAlertSms } from '#shared/alert-sms-text';
import type { AlertLocation, AlertTriggerType } from '#shared/schemas/alert';
import { OFFLINE_SMS_TEXTS } from '#shared/ui-texts';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { buildSmsUrl, type SmsComposerAdapter } from '../../../lib/device/sms-composer';

/**
 * The text the messaging app opens with: the same words the server texts (who, why, when, where, their words),
 * dated to when the person raised the SOS. No tracking link: the phone has none without the server.
 */
export function offlineSmsBody(input: {
  fullName: string | null;
  triggerType: AlertTriggerType;
  message?: string | null;
  location: AlertLocation | null | undefined;
  raisedAt: Date;
}): string {
  return buildAlertSms({
    fullName: input.fullName,
    triggerType: input.triggerType,
    at: input.raisedAt,
    location: input.location,
    message: input.message,
    // The phone's own zone: the person is where the phone is.
    timeZone: browserTimeZone(),
  });
}

/** What the messaging-app fallback did, and the toast it calls for (docs/PRODUCT.md#offline-sos). */
export type ComposerResult =
  | { kind: 'opened'; url: string }
  | { kind: 'failed'; title: string; description?: string; url: string | null };

/**
 * Opens the device's messaging app with every stored number and the message (docs/PRODUCT.md#offline-sos).
 * `online` tells the two "cannot" cases apart: no messaging app while online vs. no internet and no messaging app.
 */
export function openSmsComposer(input: {
  composer: SmsComposerAdapter;
  online: boolean;
  phoneNumbers: readonly string[];
  body: string;
}): ComposerResult {
  if (input.phoneNumbers.length === 0) {
    return {
      kind: 'failed',
      title: OFFLINE_SMS_TEXTS.smsFailedTitle,
      description: OFFLINE_SMS_TEXTS.noOfflineContacts,
      url: null,
    };
  }
  const url = buildSmsUrl(input.phoneNumbers, input.body);
  if (!input.composer.isAvailable()) {
    return input.online
      ? {
          kind: 'failed',
          title: OFFLINE_SMS_TEXTS.smsFailedTitle,
          description: OFFLINE_SMS_TEXTS.nativeUnavailable,
          url,
        }
      : {
          kind: 'failed',
          title: OFFLINE_SMS_TEXTS.smsNotAvailableTitle,
          description: OFFLINE_SMS_TEXTS.noSmsCapability,
          url,
        };
  }
  try {
    input.composer.open(url);
    return { kind: 'opened', url };
  } catch {
    return {
      kind: 'failed',
      title: OFFLINE_SMS_TEXTS.smsFailedTitle,
      description: OFFLINE_SMS_TEXTS.nativeUnavailable,
      url,
    };
  }
}
