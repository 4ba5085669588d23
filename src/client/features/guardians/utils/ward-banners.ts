import type { WardAlertRecord } from './ward-alerts';

/**
 * How long "<name> is safe" stays at the top of the screens after the ward ended their alert, unless closed
 * sooner. Long enough to be noticed by a guardian who glances at the phone now and then; after that the ward's
 * card still says so.
 */
export const SAFE_NOTICE_MS = 30 * 60_000;

type Entry = WardAlertRecord & { dismissed: boolean };

/**
 * What the top of the guardian's screens shows for one ward: at most one banner.
 * `active`: the ward's newest alert is open (loud until this guardian says "Seen", then quiet; it stays while
 * the ward is still in danger), with how many earlier alerts of theirs are still open behind it.
 * `safe`: the ward's newest alert was ended ("I'm safe") a short while ago.
 */
export type WardBanner<T extends Entry = Entry> =
  | { state: 'active'; ward_id: string; entry: T; earlier: number }
  | { state: 'safe'; ward_id: string; entry: T };

const newestFirst = (a: WardAlertRecord, b: WardAlertRecord): number =>
  Date.parse(b.alert.created_at) - Date.parse(a.alert.created_at);

/**
 * The ids of the alerts that are still open. "I'm safe" speaks for the person, not one alert: an alert older
 * than one the ward ended is over too, even if it was never ended by itself (a second SOS, then "I'm safe").
 */
export function openAlertIds(alerts: readonly WardAlertRecord[]): Set<string> {
  const open = new Set<string>();
  const endedAfter = new Map<string, boolean>();
  for (const entry of [...alerts].sort(newestFirst)) {
    if (entry.alert.status === 'resolved') endedAfter.set(entry.ward_id, true);
    else if (!endedAfter.get(entry.ward_id)) open.add(entry.alert.id);
  }
  return open;
}

/** One banner per ward at most, the ward with the newest alert first. */
export function wardBanners<T extends Entry>(alerts: readonly T[], nowMs: number): WardBanner<T>[] {
  const open = openAlertIds(alerts);
  const byWard = new Map<string, T[]>();
  for (const entry of [...alerts].sort(newestFirst)) {
    byWard.set(entry.ward_id, [...(byWard.get(entry.ward_id) ?? []), entry]);
  }
  const banners: WardBanner<T>[] = [];
  for (const [wardId, entries] of byWard) {
    const newest = entries[0]!;
    if (open.has(newest.alert.id)) {
      const earlier = entries.filter((entry) => entry !== newest && open.has(entry.alert.id)).length;
      banners.push({ state: 'active', ward_id: wardId, entry: newest, earlier });
      continue;
    }
    const endedAt = newest.alert.resolved_at ? Date.parse(newest.alert.resolved_at) : Number.NaN;
    if (!newest.dismissed && nowMs - endedAt < SAFE_NOTICE_MS) {
      banners.push({ state: 'safe', ward_id: wardId, entry: newest });
    }
  }
  return banners;
}
