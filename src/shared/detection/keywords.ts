import { PROTECTION } from '../protection';

/** A keyword as it is kept: trimmed, lower-cased, inner spaces collapsed. */
export function normaliseKeyword(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The list after adding `input`: unchanged when the keyword is empty, already there, too long, or the list is
 * full (the dialog disables Add for an empty input and says why for the others).
 */
export function addKeyword(keywords: readonly string[], input: string): string[] {
  const keyword = normaliseKeyword(input);
  if (
    !keyword ||
    keyword.length > PROTECTION.keywordMaxLength ||
    keywords.includes(keyword) ||
    keywords.length >= PROTECTION.maxKeywords
  )
    return [...keywords];
  return [...keywords, keyword];
}

export function removeKeyword(keywords: readonly string[], keyword: string): string[] {
  return keywords.filter((kept) => kept !== keyword);
}

/**
 * The keyword a final speech result contains, or null. A keyword matches when some run of the transcript's words
 * of the keyword's length is at least `accuracy` similar to it (1 − edit distance / length), so at 1 only the
 * exact words match and lower settings forgive recognition slips ("help mi"). Words, not characters: "unsafe"
 * never matches inside "unsafely".
 */
export function matchKeyword(
  transcript: string,
  keywords: readonly string[],
  accuracy: number,
): string | null {
  const words = normaliseKeyword(transcript)
    .replace(/[^\p{L}\p{N}' ]/gu, ' ')
    .split(' ')
    .filter(Boolean);
  for (const keyword of keywords) {
    const size = keyword.split(' ').length;
    for (let start = 0; start + size <= words.length; start++) {
      const phrase = words.slice(start, start + size).join(' ');
      if (similarity(phrase, keyword) >= accuracy - 1e-9) return keyword;
    }
  }
  return null;
}

/** 1 − Levenshtein distance / the longer length: 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return 1 - previous[b.length]! / longer;
}
