import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxSmsProvider } from '../../adapters/sms/dev-outbox-sms-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/test-users';
import { DELIVERY_TASK } from './deliver-alerts';
import * as repo from './repository';
import { DELIVERY_RETRY } from './retry-policy';

describe('delivery claims', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  /** An alert with `count` pending deliveries, written directly (no worker involved). */
  async function pendingDeliveries(count: number): Promise<string> {
    const user = await createTestUser(sut);
    const now = sut.clock.now();
    const alert = await repo.insertAlert(sut.db, {
      user_id: user.id,
      idempotency_key: `claims-${count}-${now.getTime()}`,
      trigger_type: 'manual',
      message: null,
      notes: null,
      location_lat: null,
      location_lng: null,
      location_accuracy: null,
      location_address: null,
      recording_id: null,
      occurred_at: now,
      created_at: now,
    });
    const recipients = Array.from({ length: count }, (_, i) => ({
      recipient: `+1555444${String(i).padStart(4, '0')}`,
      recipientName: null,
      contactId: null,
    }));
    await repo.insertDeliveries(sut.db, alert!.id, 'Help', recipients, now);
    return alert!.id;
  }

  it('gives concurrent claimers (other instances) disjoint rows', async () => {
    const alertId = await pendingDeliveries(12);
    const now = sut.clock.now();
    const lease = new Date(now.getTime() + 30_000);
    const claims = await Promise.all(
      [1, 2, 3].map(() => repo.claimDueDeliveries(sut.db, now, lease, 12, DELIVERY_RETRY.maxAttempts)),
    );
    const ids = claims.flat().map((d) => d.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    // Leased rows are not claimed again until the lease runs out.
    expect(await repo.claimDueDeliveries(sut.db, now, lease, 12, DELIVERY_RETRY.maxAttempts)).toEqual([]);
    const later = new Date(lease.getTime() + 1);
    const reclaimed = await repo.claimDueDeliveries(
      sut.db,
      later,
      new Date(later.getTime() + 30_000),
      50,
      99,
    );
    expect(reclaimed.filter((d) => d.alert_id === alertId).map((d) => d.attempts)).toEqual(Array(12).fill(2));
  });

  it('ignores a stale worker’s result once another claimer has taken the row', async () => {
    const alertId = await pendingDeliveries(1);
    const now = sut.clock.now();
    const [stale] = (
      await repo.claimDueDeliveries(sut.db, now, new Date(now.getTime() + 1000), 50, 99)
    ).filter((d) => d.alert_id === alertId);
    const later = new Date(now.getTime() + 2000);
    const [fresh] = (
      await repo.claimDueDeliveries(sut.db, later, new Date(later.getTime() + 1000), 50, 99)
    ).filter((d) => d.alert_id === alertId);
    expect(fresh!.attempts).toBe(2);
    expect(
      await repo.recordAttempt(sut.db, stale!, { status: 'failed', error: 'stale' }, later),
    ).toBeUndefined();
    expect(
      await repo.recordAttempt(sut.db, fresh!, { status: 'sent', providerMessageId: 'x' }, later),
    ).toMatchObject({
      status: 'sent',
    });
  });

  it('fails a delivery whose every attempt died with its worker, instead of looping forever', async () => {
    const alertId = await pendingDeliveries(1);
    await sut.db.query(
      "UPDATE alert_deliveries SET status = 'sending', attempts = $2, locked_until = $3 WHERE alert_id = $1",
      [alertId, DELIVERY_RETRY.maxAttempts, new Date(sut.clock.now().getTime() - 1)],
    );
    await sut.app.scheduler.runNow(DELIVERY_TASK);
    const [delivery] = await repo.listDeliveries(sut.db, [alertId]);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_RETRY.maxAttempts,
      last_error: 'No answer from the SMS provider after repeated attempts',
    });
  });

  it('the dev outbox stores a resent text (same idempotency key) once', async () => {
    const sms = devOutboxSmsProvider(sut.db, sut.clock);
    const message = { to: '+15559990001', body: 'Help', idempotencyKey: 'dev-outbox-once' };
    const first = await sms.send(message);
    const again = await sms.send(message);
    expect(again).toEqual(first);
    const { rows } = await sut.db.query("SELECT 1 FROM dev_outbox WHERE idempotency_key = 'dev-outbox-once'");
    expect(rows).toHaveLength(1);
  });
});
