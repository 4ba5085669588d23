/**
 * The end of an alert ("I'm safe", POST /api/alerts/:id/resolve), inside the transaction that resolves it:
 *  - an alert delivery that has not gone out yet (`pending`: never tried, or waiting for a retry) is cancelled,
 *    with its job: its contact is never told of a danger that is over, and gets no follow-up either;
 *  - everyone the alert reached, or may have (`sent`, `sending`, `kept_in_dev_outbox`), gets the all-clear on the
 *    same channel: a text "<name> says they are safe now" to each contact, a push to each guardian. These are
 *    deliveries of purpose `all_clear` with their jobs, sent by the same delivery job as the alert (so they
 *    survive a crash the same way). No SMS limit holds an all-clear back or counts it (sms-caps.ts): a limit that
 *    could hold an SOS must not be filled by the person saying they are safe, and there is at most one
 *    all-clear per recipient of an alert.
 * Runs once per alert: only the request that resolved it calls this, and (alert_id, purpose, channel, recipient)
 * is unique, so a repeated "I'm safe" sends nothing twice. When one "I'm safe" ends several open alerts, each
 * recipient is told once: `alreadyTold` carries the channel/recipient pairs an alert resolved before it queued.
 */
import { ALL_CLEAR_PUSH_TEXTS, CANCELLED_DELIVERY_ERROR, buildAllClearSms } from '#shared/active-alert-texts';
import { guardianViewUrl } from '#shared/constants';
import type { PushPayload } from '#shared/schemas/push';
import type { Queryable } from '../../db/database';
import { cancelJobs } from '../../scheduler/jobs';
import { DELIVERY_JOB, writeDeliveries } from './delivery-job';
import type { ProfilesPort } from './ports';
import * as repo from './repository';

/** Cancels the alert's unsent deliveries and queues the all-clear; returns how many all-clear jobs were queued. */
export async function queueAllClear(
  tx: Queryable,
  profiles: ProfilesPort,
  alert: repo.AlertRow,
  now: Date,
  alreadyTold: Set<string> = new Set(),
): Promise<number> {
  const cancelled = await repo.cancelUnsentAlertDeliveries(tx, alert.id, CANCELLED_DELIVERY_ERROR, now);
  await cancelJobs(tx, DELIVERY_JOB, cancelled, now);

  const recipients = (await repo.listAllClearRecipients(tx, alert.id)).filter((r) => {
    const key = `${r.channel} ${r.recipient}`;
    if (alreadyTold.has(key)) return false;
    alreadyTold.add(key);
    return true;
  });
  if (recipients.length === 0) return 0;
  const fullName = (await profiles.findFullNames(tx, [alert.user_id])).get(alert.user_id) ?? '';
  const { timeZone } = await profiles.findSosPreferences(tx, alert.user_id);
  const text = buildAllClearSms({ fullName, at: now, timeZone });
  const push = JSON.stringify(allClearPush(alert, fullName, now, timeZone));
  const deliveries = recipients.map((r): repo.NewDelivery => ({
    purpose: 'all_clear',
    channel: r.channel,
    recipient: r.recipient,
    recipientName: r.recipient_name,
    contactId: r.contact_id,
    body: r.channel === 'push' ? push : text,
  }));
  return writeDeliveries(tx, alert.id, deliveries, now);
}

/** "<name> is safe", with the alert's tag: it replaces the alert's notification on the guardian's device. */
function allClearPush(
  alert: repo.AlertRow,
  wardName: string,
  at: Date,
  timeZone: string | null,
): PushPayload {
  return {
    title: ALL_CLEAR_PUSH_TEXTS.title(wardName),
    body: ALL_CLEAR_PUSH_TEXTS.body(wardName, at, timeZone),
    url: guardianViewUrl(alert.user_id),
    tag: `alert-${alert.id}`,
  };
}
