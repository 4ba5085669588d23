import { describe, expect, it } from 'vitest';
import { GUARDIAN_VIEW_TEXTS } from './guardian-view-texts';
import { alertTriggerLabel } from './texts';

describe('what raised a ward’s alert, as the guardian reads it', () => {
  it.each([
    ['manual', null, 'Trigger: SOS button'],
    ['manual', 'Call me', 'Trigger: quick message'],
    ['escort_expired', null, 'Trigger: escort timer expired'],
    ['shake', null, 'Raised by a shake of the phone'],
    ['voice', null, 'Raised by a spoken keyword'],
    ['panic', null, 'Raised by a loud sound'],
  ])('%s (message %j) reads "%s"', (trigger, message, words) => {
    expect(GUARDIAN_VIEW_TEXTS.trigger(alertTriggerLabel(trigger, message))).toBe(words);
  });
});
