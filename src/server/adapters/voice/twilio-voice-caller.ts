import { VOICE_CALL_TEXTS } from '#shared/voice-call-texts';
import type { SendResult } from '../channels';
import { classify, reportOf, type ProviderReport } from '../sms/twilio-sms-provider';
import { callTwiml } from './twiml';
import { voiceCallbackUrls } from './voice-callback-urls';
import type { VoiceCaller } from './voice-caller';

export type TwilioVoiceOptions = {
  accountSid: string;
  authToken: string;
  /** The number the call comes from (E.164): a Twilio number able to place calls. */
  from: string;
  /** `https://api.twilio.com`, or a compatible API (tests run a local fake). */
  baseUrl: string;
  timeoutMs: number;
  /** PUBLIC_URL: where Twilio posts the call's status and the key pressed. */
  origin: string;
  /** Where provider failures are logged: HTTP status and Twilio's error code, never a number or the words. */
  log?: { warn(object: unknown, message: string): void };
};

/**
 * Places calls through Twilio's Calls API (`POST /2010-04-01/Accounts/{sid}/Calls.json`). The TwiML is sent
 * inline (`Twiml`): the words are fixed when the call is placed, and no route of ours hands them out. Answering-
 * machine detection (`MachineDetection=Enable`) waits until a person or a machine is known before speaking and
 * tells the callbacks which it was (`AnsweredBy`). The final status comes to the delivery's status callback
 * (`StatusCallbackEvent=completed`), the key pressed to its gather callback (both under /api/voice/calls/:id).
 *
 * Answers are classified as for texts: 2xx placed; 429, 5xx, 401/403, time-outs and network errors retry; any
 * other 4xx is a permanent failure. There is no `findEarlierSend`: a call carries no reference Twilio's call list
 * would show, so a retry after an answer that was lost (a time-out, a crash) may call the contact a second time.
 * Both calls name the same delivery, so their outcome and a key pressed count once (modules/alerts).
 */
export function twilioVoiceCaller(options: TwilioVoiceOptions): VoiceCaller {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Calls.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  const warn = (report: ProviderReport, reason?: string): void => {
    if (report.outcome === 'ok') return;
    options.log?.warn({ provider: 'twilio', channel: 'voice', ...report, reason }, 'voice provider failure');
  };

  return {
    kind: 'twilio',

    async send({ to, body, idempotencyKey }): Promise<SendResult> {
      const callbacks = voiceCallbackUrls(options.origin, idempotencyKey);
      const form = new URLSearchParams({
        To: to,
        From: options.from,
        Twiml: callTwiml({ words: body, gatherUrl: callbacks.gather }),
        MachineDetection: 'Enable',
        StatusCallback: callbacks.status,
        StatusCallbackMethod: 'POST',
        StatusCallbackEvent: 'completed',
      });
      const signal = AbortSignal.timeout(options.timeoutMs);
      let status: number;
      let text: string;
      let retryAfter: string | null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal,
        });
        status = response.status;
        text = await response.text();
        retryAfter = response.headers.get('retry-after');
      } catch {
        const error = signal.aborted ? VOICE_CALL_TEXTS.errors.timeout : VOICE_CALL_TEXTS.errors.unreachable;
        warn({ outcome: 'failing' }, error);
        return { outcome: 'retry', error };
      }
      warn(reportOf(status, text));
      return classify(status, text, retryAfter, VOICE_CALL_TEXTS.errors);
    },
  };
}
