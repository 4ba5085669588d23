/**
 * The dialog's "add a keyword" form: the keyword rule of the settings (trimmed, lower-cased, non-empty, at most
 * 50 characters) and, against the person's list as it stands, unique and within the list's size.
 */
import { z } from 'zod';
import { PROTECTION } from '../protection';
import { PROTECTION_VALIDATION } from '../protection-texts';
import { keywordRule } from './protection';

export function keywordFormSchema(keywords: readonly string[]) {
  return z.object({ keyword: keywordRule }).superRefine(({ keyword }, context) => {
    if (keywords.includes(keyword)) {
      context.addIssue({ code: 'custom', path: ['keyword'], message: PROTECTION_VALIDATION.keywordsUnique });
    } else if (keywords.length >= PROTECTION.maxKeywords) {
      context.addIssue({ code: 'custom', path: ['keyword'], message: PROTECTION_VALIDATION.tooManyKeywords });
    }
  });
}
