/**
 * One JavaScript value for PostgreSQL's `bigint` (int8) on both drivers. Left alone, `pg` hands back a string and
 * PGlite a number or a BigInt, so code tested on one could misread the other ("9" > "10"). Both now hand back a
 * number; a value past 2^53 cannot be one without losing digits, so it is refused rather than rounded.
 */
export const INT8_TYPE_ID = 20;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a JavaScript number`);
  return value;
}
