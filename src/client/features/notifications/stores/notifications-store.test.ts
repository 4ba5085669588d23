import { describe, expect, it } from 'vitest';
import { createNotificationsStore, notificationsStorageKey } from './notifications-store';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const now = (): number => NOW;

describe('notifications store', () => {
  it('seeds a welcome (info) and a 5-minute-old contacts warning, newest first', () => {
    const store = createNotificationsStore('00000001-0000-4000-8000-000000000001', now);
    const [welcome, contacts] = store.getSnapshot();
    expect(store.getSnapshot()).toHaveLength(2);
    expect(welcome).toMatchObject({ type: 'info', title: 'Welcome to Beacon', read: false });
    expect(contacts).toMatchObject({ type: 'warning', title: 'Add Emergency Contacts', read: false });
    expect(Date.parse(welcome!.timestamp) - Date.parse(contacts!.timestamp)).toBe(5 * 60 * 1000);
  });

  it('persists per person and does not re-seed', () => {
    const first = createNotificationsStore('00000001-0000-4000-8000-000000000001', now);
    first.remove(first.getSnapshot()[0]!.id);
    expect(createNotificationsStore('00000001-0000-4000-8000-000000000001', now).getSnapshot()).toHaveLength(
      1,
    );
    expect(createNotificationsStore('00000001-0000-4000-8000-000000000002', now).getSnapshot()).toHaveLength(
      2,
    );
    expect(
      window.localStorage.getItem(notificationsStorageKey('00000001-0000-4000-8000-000000000001')),
    ).toContain('Add Emergency Contacts');
  });

  it('adds new notifications on top, marks read one by one or all at once, and deletes', () => {
    let clock = NOW;
    const store = createNotificationsStore('00000001-0000-4000-8000-000000000001', () => clock);
    clock += 1000;
    const added = store.add({
      type: 'success',
      title: 'Emergency Alert Sent',
      message: 'Sent to 2 contacts',
    });
    expect(store.getSnapshot()[0]).toEqual(added);

    store.markRead(added.id);
    expect(store.getSnapshot().filter((item) => !item.read)).toHaveLength(2);
    store.markAllRead();
    expect(store.getSnapshot().every((item) => item.read)).toBe(true);

    store.remove(added.id);
    expect(store.getSnapshot().map((item) => item.title)).toEqual([
      'Welcome to Beacon',
      'Add Emergency Contacts',
    ]);
  });

  it('falls back to the seed when storage holds garbage', () => {
    window.localStorage.setItem(notificationsStorageKey('00000001-0000-4000-8000-000000000001'), '{not json');
    expect(createNotificationsStore('00000001-0000-4000-8000-000000000001', now).getSnapshot()).toHaveLength(
      2,
    );
  });
});
