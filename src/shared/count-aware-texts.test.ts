import { describe, expect, it } from 'vitest';
import { FIELD_ISSUE_TEXTS } from './texts';
import { ALERT_NOTIFICATION_TEXTS, ALERT_OUTCOME_TEXTS, CONTACTS_TEXTS } from './ui-texts';
import { READINESS_TEXTS } from './readiness-texts';

/** Texts that show a number agree with it: never "1 numbers" or "1 things". */
describe('count-aware texts', () => {
  it.each([
    [ALERT_OUTCOME_TEXTS.partialDescription(1), '1 number may need verification'],
    [ALERT_OUTCOME_TEXTS.partialDescription(2), '2 numbers may need verification'],
    [ALERT_OUTCOME_TEXTS.sentDescription(1), 'Your emergency contact was texted.'],
    [ALERT_NOTIFICATION_TEXTS.sentMessage(1), 'Your alert reached your emergency contact.'],
    [ALERT_NOTIFICATION_TEXTS.sentMessage(3), 'Your alert reached all 3 of your emergency contacts.'],
    [
      ALERT_NOTIFICATION_TEXTS.partialMessage(1, 2),
      'Your alert reached 1 of 2 emergency contacts. Check the number that was not texted.',
    ],
    [
      ALERT_NOTIFICATION_TEXTS.partialMessage(1, 3),
      'Your alert reached 1 of 3 emergency contacts. Check the numbers that were not texted.',
    ],
    [READINESS_TEXTS.notReadyDescription(1), '1 thing needs your attention before an SOS can do its job.'],
    [READINESS_TEXTS.notReadyDescription(2), '2 things need your attention before an SOS can do its job.'],
    [FIELD_ISSUE_TEXTS.atMost('Contacts', 1, 'items'), 'Contacts must be at most 1 item'],
    [FIELD_ISSUE_TEXTS.atLeast('Password', 8, 'characters'), 'Password must be at least 8 characters'],
    [CONTACTS_TEXTS.limited(2, 3), 'Showing 2 of 3 contacts. Premium shows them all.'],
  ])('%s', (text, expected) => {
    expect(text).toBe(expected);
  });
});
