import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import type { AlertTimelineEntry } from '#shared/schemas/alert-life';

/** What one step of an alert's life says on the person's screen ("Maria is on the way", "Calling your primary contact"). */
export function timelineEntryText(entry: AlertTimelineEntry): string {
  const who = entry.actor_name ?? '';
  switch (entry.kind) {
    case 'raised':
      return ALERT_LIFE_TEXTS.raised;
    case 'responded':
      return entry.response
        ? ALERT_LIFE_TEXTS.responseLine[entry.response](who)
        : ALERT_LIFE_TEXTS.state.acknowledged;
    case 'escalated':
      return entry.escalation_step
        ? ALERT_LIFE_TEXTS.escalationStep[entry.escalation_step]
        : ALERT_LIFE_TEXTS.state.escalating;
    case 'call_outcome':
      return entry.call_outcome ? ALERT_LIFE_TEXTS.callOutcome[entry.call_outcome](who) : '';
    case 'resolved':
      return ALERT_LIFE_TEXTS.resolved;
  }
}
