/**
 * The TwiML of an escalation call, built as strings by small pure functions. Every text that goes in is escaped
 * for XML: the spoken words carry names the person typed (a contact called "Tom & Jerry <3" must not break the
 * document or add elements to it).
 */
import { VOICE_CALL_TEXTS } from '#shared/voice-call-texts';

/** Twilio refuses an inline `Twiml` parameter longer than this many characters. */
export const MAX_TWIML_LENGTH = 4000;

/** How long the call waits for a key after the prompt, in seconds. */
export const GATHER_TIMEOUT_SECONDS = 10;

/** Characters XML 1.0 does not allow at all (controls other than tab, line feed and carriage return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The text as XML character data or an attribute value: markup characters escaped, forbidden ones dropped. */
export function escapeXml(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A prompt for one key, posted to `gatherUrl`; without a key the call says so and ends. */
function gather(gatherUrl: string, spoken: string): string {
  return (
    `<Response><Gather numDigits="1" action="${escapeXml(gatherUrl)}" method="POST" timeout="${GATHER_TIMEOUT_SECONDS}">` +
    `<Say>${escapeXml(spoken)}</Say></Gather><Say>${escapeXml(VOICE_CALL_TEXTS.noKeyPressed)}</Say></Response>`
  );
}

/**
 * The call: the alert's words, then "press 1 if you can help", waiting for one key that Twilio posts to
 * `gatherUrl`. Words too long for Twilio's limit are cut at the end (the start says who and what).
 */
export function callTwiml(input: { words: string; gatherUrl: string }): string {
  const words = Array.from(input.words.trim());
  const build = (count: number): string =>
    gather(input.gatherUrl, `${words.slice(0, count).join('')} ${VOICE_CALL_TEXTS.pressOne}`);
  const whole = build(words.length);
  if (whole.length <= MAX_TWIML_LENGTH) return whole;
  // The most characters of the words that fit once escaped (a binary search over how many are kept).
  let fits = 0;
  let tooMany = words.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (build(middle).length <= MAX_TWIML_LENGTH) fits = middle;
    else tooMany = middle;
  }
  return build(fits);
}

/** After a key other than 1: the prompt again (each wrong key asks again). */
export function promptAgainTwiml(gatherUrl: string): string {
  return gather(gatherUrl, VOICE_CALL_TEXTS.pressOneAgain);
}

/** Says `text` and ends the call. */
export function sayTwiml(text: string): string {
  return `<Response><Say>${escapeXml(text)}</Say></Response>`;
}

/** Ends the call without a word (an answering machine pressed a key). */
export function hangUpTwiml(): string {
  return '<Response><Hangup/></Response>';
}
