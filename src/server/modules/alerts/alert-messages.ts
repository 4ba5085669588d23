import { buildAlertSms } from '#shared/alert-sms-text';
import { guardianViewUrl } from '#shared/constants';
import { CHOSEN_RESPONSES } from '#shared/alert-life';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { ALERT_PUSH_ACTION_TEXTS } from '#shared/alert-response-texts';
import { buildDrillSms, DRILL_PUSH_TEXTS } from '#shared/drill-texts';
import type { PushPayload, PushRespond } from '#shared/schemas/push';
import type { Queryable } from '../../db/database';
import { smsLocation } from './alert-position';
import type { Recipients } from './alert-recipients';
import { isDrill } from './drill-raise';
import { meetingForText } from './meeting-repository';
import type { RaiseAlertInput, RaiseDeps } from './raise-input';
import { PUSH_TEXTS } from '#shared/push-texts';
import type * as repo from './repository';
import { responseToken } from './response-token';

/** A text to each contact's number and a push to each guardian with a browser subscribed. */
export async function deliveriesFor(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  alert: repo.AlertRow,
  recipients: Recipients,
  now: Date,
): Promise<repo.NewDelivery[]> {
  const guardians = recipients.pushTo;
  const names = await deps.profiles.findFullNames(tx, [input.userId, ...guardians]);
  const fullName = names.get(input.userId) ?? '';
  const drill = isDrill(input);
  const texts =
    recipients.texts.length === 0
      ? ''
      : drill
        ? buildDrillSms(fullName)
        : await alertText(tx, deps, input, alert, fullName, now);
  const push = drill
    ? drillPush(input.userId, fullName, alert.id)
    : guardianPush(input.userId, fullName, alert.id, input.triggerType === 'duress');
  return [
    ...recipients.texts.map((r) => ({ channel: 'sms' as const, ...r, body: texts })),
    ...guardians.map((id) => ({
      channel: 'push' as const,
      recipient: id,
      recipientName: names.get(id) || null,
      contactId: null,
      // Each guardian's own: its answer buttons carry a token only they were given. A drill's push has none: the
      // guardian confirms from the TEST banner it opens.
      body: JSON.stringify(
        drill ? push : { ...push, respond: pushAnswer(responseToken(deps.responseKey, alert.id, id)) },
      ),
    })),
  ];
}

/**
 * The SOS text. With Emergency Contact Access off it goes out without a live-tracking link, and none is made
 * for it.
 */
async function alertText(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  alert: repo.AlertRow,
  fullName: string,
  now: Date,
): Promise<string> {
  const preferences = await deps.profiles.findSosPreferences(tx, input.userId);
  const link = preferences.contactsGetTrackingLink
    ? await deps.alertLinks.getOrCreateActiveShareLink(tx, {
        userId: input.userId,
        alertId: alert.id,
        now,
        origin: deps.origin,
      })
    : null;
  return buildAlertSms({
    fullName,
    triggerType: input.triggerType,
    at: alert.occurred_at,
    sentAt: now,
    location: smsLocation(alert),
    message: input.message,
    trackingUrl: link?.url,
    timeZone: preferences.timeZone,
    journey: input.journey,
    meeting: await meetingForText(tx, alert.id),
  });
}

/** The notification's answer buttons, their token, and what the notification says once one was pressed. */
function pushAnswer(token: string): PushRespond {
  return {
    token,
    actions: CHOSEN_RESPONSES.map((action) => ({ action, title: ALERT_LIFE_TEXTS.responseButtons[action] })),
    answered: {
      on_my_way: ALERT_PUSH_ACTION_TEXTS.answered('on_my_way'),
      calling: ALERT_PUSH_ACTION_TEXTS.answered('calling'),
    },
    answeredBody: ALERT_PUSH_ACTION_TEXTS.answeredBody,
    failed: ALERT_PUSH_ACTION_TEXTS.failed,
  };
}

/** What a guardian's browser shows: "Emergency alert from <name>", opening the guardian view at that ward. */
function guardianPush(wardId: string, wardName: string, alertId: string, duress: boolean): PushPayload {
  return {
    title: PUSH_TEXTS.alertTitle(wardName),
    body: duress ? PUSH_TEXTS.duressBody(wardName) : PUSH_TEXTS.alertBody(wardName),
    url: guardianViewUrl(wardId),
    tag: `alert-${alertId}`,
  };
}

/** A drill's push: TEST in its title, "nothing is wrong", opening the guardian view at that ward. */
function drillPush(wardId: string, wardName: string, alertId: string): PushPayload {
  return {
    title: DRILL_PUSH_TEXTS.title(wardName),
    body: DRILL_PUSH_TEXTS.body,
    url: guardianViewUrl(wardId),
    tag: `alert-${alertId}`,
  };
}
