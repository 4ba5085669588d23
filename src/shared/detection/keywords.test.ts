import { describe, expect, it } from 'vitest';
import { PROTECTION } from '../protection';
import { addKeyword, matchKeyword, normaliseKeyword, removeKeyword, similarity } from './keywords';

const DEFAULTS = [...PROTECTION.defaultKeywords];
/** Every Recognition Accuracy the slider offers. */
const PROTECTION_STEPS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

describe('normaliseKeyword', () => {
  it('trims, lower-cases and collapses inner white space', () => {
    expect(normaliseKeyword('  Help \t  ME\n')).toBe('help me');
    expect(normaliseKeyword('CALL   for Help')).toBe('call for help');
  });

  it('turns white space alone into nothing', () => {
    expect(normaliseKeyword(' \t\n ')).toBe('');
  });
});

describe('addKeyword', () => {
  it('adds the keyword normalised, at the end, without changing the list it was given', () => {
    const before = ['danger'];
    const after = addKeyword(before, '  Get   AWAY ');
    expect(after).toEqual(['danger', 'get away']);
    expect(before).toEqual(['danger']);
  });

  it.each([
    ['empty', ''],
    ['only white space', '   '],
  ])('leaves the list unchanged for an %s keyword', (_case, input) => {
    expect(addKeyword(DEFAULTS, input)).toEqual(DEFAULTS);
  });

  it('keeps keywords unique, comparing them normalised', () => {
    expect(addKeyword(DEFAULTS, 'HELP  me')).toEqual(DEFAULTS);
  });

  it(`accepts ${PROTECTION.keywordMaxLength} characters and refuses one more`, () => {
    const longest = 'a'.repeat(PROTECTION.keywordMaxLength);
    expect(addKeyword([], longest)).toEqual([longest]);
    expect(addKeyword([], `${longest}a`)).toEqual([]);
    // Length is counted after normalising: surrounding spaces do not count.
    expect(addKeyword([], `  ${longest}  `)).toEqual([longest]);
  });

  it(`refuses a keyword once the list holds ${PROTECTION.maxKeywords}`, () => {
    const almostFull = Array.from({ length: PROTECTION.maxKeywords - 1 }, (_, index) => `word ${index}`);
    const full = addKeyword(almostFull, 'last one');
    expect(full).toHaveLength(PROTECTION.maxKeywords);
    expect(full.at(-1)).toBe('last one');
    expect(addKeyword(full, 'one too many')).toEqual(full);
  });
});

describe('removeKeyword', () => {
  it('removes exactly that keyword and leaves the others in order', () => {
    expect(removeKeyword(DEFAULTS, 'danger')).toEqual(['help me', 'emergency', 'call for help', 'unsafe']);
  });

  it('leaves the list as it was when the keyword is not in it', () => {
    expect(removeKeyword(DEFAULTS, 'dang')).toEqual(DEFAULTS);
  });
});

describe('similarity', () => {
  it('is 1 − edit distance / the longer length', () => {
    expect(similarity('danger', 'danger')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('help', '')).toBe(0);
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 12);
    expect(similarity('help mi', 'help me')).toBeCloseTo(1 - 1 / 7, 12);
  });

  it('is symmetric', () => {
    expect(similarity('unsafe', 'unsafely')).toBe(similarity('unsafely', 'unsafe'));
  });
});

describe('matchKeyword', () => {
  const exact = 1;
  const usual = PROTECTION.recognitionAccuracy.default;

  it('finds a keyword anywhere in the transcript and answers which one', () => {
    expect(matchKeyword('somebody please help me now', DEFAULTS, exact)).toBe('help me');
    expect(matchKeyword('this is an emergency', DEFAULTS, exact)).toBe('emergency');
  });

  it('answers null when no keyword is there', () => {
    expect(matchKeyword('see you at the station at six', DEFAULTS, usual)).toBeNull();
    expect(matchKeyword('', DEFAULTS, usual)).toBeNull();
  });

  it('answers the first keyword of the list that matches', () => {
    // The defaults list "call for help" before "danger", whatever the order of the words.
    expect(matchKeyword('danger, call for help', DEFAULTS, exact)).toBe('call for help');
    expect(matchKeyword('danger, call for help', ['danger', 'call for help'], exact)).toBe('danger');
  });

  it('compares the transcript normalised: case, spacing and punctuation do not matter', () => {
    expect(matchKeyword('HELP ME!!!', DEFAULTS, exact)).toBe('help me');
    expect(matchKeyword('Help!  Me!', DEFAULTS, exact)).toBe('help me');
    expect(matchKeyword('call-for-help', DEFAULTS, exact)).toBe('call for help');
    expect(matchKeyword('"Danger."', DEFAULTS, exact)).toBe('danger');
    expect(matchKeyword('Unsafe?', DEFAULTS, exact)).toBe('unsafe');
  });

  it('keeps apostrophes inside words', () => {
    expect(matchKeyword("i don't feel safe", ["don't"], exact)).toBe("don't");
    expect(matchKeyword('i dont feel safe', ["don't"], exact)).toBeNull();
  });

  it('matches whole words: "unsafely" is not "unsafe", "endangered" is not "danger"', () => {
    expect(matchKeyword('he drove unsafely', DEFAULTS, exact)).toBeNull();
    expect(matchKeyword('he drove unsafely', DEFAULTS, usual)).toBeNull();
    expect(matchKeyword('an endangered species', DEFAULTS, usual)).toBeNull();
    expect(matchKeyword('helpmenow', DEFAULTS, usual)).toBeNull();
  });

  it('matches a multi-word keyword only as consecutive words', () => {
    expect(matchKeyword('i will call for help', DEFAULTS, exact)).toBe('call for help');
    expect(matchKeyword('call them for help', DEFAULTS, exact)).toBeNull();
    expect(matchKeyword('help', DEFAULTS, exact)).toBeNull();
    expect(matchKeyword('me help', DEFAULTS, exact)).toBeNull();
  });

  it('at accuracy 1 takes only the exact words', () => {
    expect(matchKeyword('help mi', DEFAULTS, exact)).toBeNull();
    expect(matchKeyword('emergancy', DEFAULTS, exact)).toBeNull();
    expect(matchKeyword('dangers', DEFAULTS, exact)).toBeNull();
  });

  it('at the usual 0.8 forgives a recognition slip of a letter or so', () => {
    expect(matchKeyword('help mi', DEFAULTS, usual)).toBe('help me');
    expect(matchKeyword('emergancy', DEFAULTS, usual)).toBe('emergency');
    expect(matchKeyword('call for kelp', DEFAULTS, usual)).toBe('call for help');
    // Two slips in "help me" (7 characters) is 0.71: too far at 0.8, near enough at 0.7.
    expect(matchKeyword('held my', DEFAULTS, usual)).toBeNull();
    expect(matchKeyword('held my', DEFAULTS, 0.7)).toBe('help me');
  });

  it('counts a similarity exactly at the accuracy as a match (no rounding error)', () => {
    // "lighthouse" → "nightmouse": 2 edits in 10 characters, similarity 0.8 exactly.
    expect(similarity('nightmouse', 'lighthouse')).toBeCloseTo(0.8, 12);
    expect(matchKeyword('nightmouse', ['lighthouse'], 0.8)).toBe('lighthouse');
    expect(matchKeyword('nightmouse', ['lighthouse'], 0.9)).toBeNull();
    // Steps of 0.1 that are not exact in binary still compare as the person set them.
    expect(matchKeyword('nightmouse', ['lighthouse'], 0.1 * 8)).toBe('lighthouse');
  });

  it('grows more forgiving as the accuracy falls, down to 0.3', () => {
    const slip = 'held my';
    const matchesAt = PROTECTION_STEPS.filter((accuracy) => matchKeyword(slip, DEFAULTS, accuracy) !== null);
    expect(matchesAt).toEqual([0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('matches nothing when the list is empty', () => {
    expect(matchKeyword('help me', [], exact)).toBeNull();
  });
});
