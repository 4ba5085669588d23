import type { Queryable } from '../../db/database';

export type PushSubscriptionRow = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Saves a browser's subscription for the person, or updates its keys when it is already theirs. Returns false,
 * changing nothing, when the endpoint belongs to another account: an endpoint is never moved between accounts.
 */
export async function saveOwnSubscription(
  db: Queryable,
  subscription: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO push_subscriptions AS s (user_id, endpoint, p256dh, auth, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at
       WHERE s.user_id = EXCLUDED.user_id
     RETURNING s.id`,
    [subscription.userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.now],
  );
  return rows.length > 0;
}

/** Removes one of the person's subscriptions; false when they had none with that endpoint. */
export async function deleteOwnSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
    userId,
    endpoint,
  ]);
  return rowCount > 0;
}

export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export async function listSubscriptions(
  db: Queryable,
  userIds: readonly string[],
): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<PushSubscriptionRow>(
    'SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::uuid[])',
    [[...userIds]],
  );
  return rows;
}

/** Which of the given people have at least one browser subscribed. */
export async function usersWithSubscriptions(
  db: Queryable,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT DISTINCT user_id FROM push_subscriptions WHERE user_id = ANY($1::uuid[])',
    [[...userIds]],
  );
  return new Set(rows.map((row) => row.user_id));
}
