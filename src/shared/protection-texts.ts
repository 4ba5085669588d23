/**
 * Words of AI Protection (docs/PRODUCT.md#ai-protection): validation messages here (the server uses them too);
 * the dialog's and the detection's words are added with the phone's protection code and load with it.
 */
import { PROTECTION } from './protection';

const { motionThreshold, recognitionAccuracy } = PROTECTION;

export const PROTECTION_VALIDATION = {
  notBoolean: (field: string): string => `${field} must be true or false`,
  motionThresholdRange: `Shake Detection sensitivity must be a whole number from ${motionThreshold.min} to ${motionThreshold.max}`,
  accuracyRange: `Recognition Accuracy must be from ${recognitionAccuracy.min} to ${recognitionAccuracy.max} in steps of ${recognitionAccuracy.step}`,
  keywordEmpty: 'A keyword cannot be empty',
  keywordTooLong: `A keyword must be at most ${PROTECTION.keywordMaxLength} characters`,
  keywordsList: 'Keywords must be a list of words',
  tooManyKeywords: `At most ${PROTECTION.maxKeywords} keywords`,
  keywordsUnique: 'Each keyword may appear only once',
  patchEmpty: 'Send at least one setting to change',
} as const;
