/**
 * An alert's life after it is raised: who answered it, how it escalates while nobody has, and when it ended.
 *
 *   raised ──(nobody answers within the person's escalation time)──▶ escalating ──(a step every few minutes)──┐
 *     │                                                                 │  ▲                                  │
 *     │                                                                 │  └──────────────────────────────────┘
 *     ├──(someone answers)──▶ acknowledged ◀──(someone answers)─────────┘
 *     └──────────────┴──────────────┴──("I'm safe")──▶ resolved
 *
 * The state is derived from the alert's row (alert-state.ts on the server), never stored twice.
 */

/** `raised` → `acknowledged` (someone answered) → `resolved` (the person is safe); `escalating` while nobody has. */
export const ALERT_STATES = ['raised', 'escalating', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * What a responder said: `on_my_way` ("I'm on my way"), `calling` ("I'm calling them"), `acknowledged` (they
 * answered the escalation call and pressed 1: they know, nothing more).
 */
export const ALERT_RESPONSES = ['on_my_way', 'calling', 'acknowledged'] as const;
export type AlertResponseKind = (typeof ALERT_RESPONSES)[number];

/** The answers a person can choose on a screen (the call's key press is the third). */
export const CHOSEN_RESPONSES = ['on_my_way', 'calling'] as const satisfies readonly AlertResponseKind[];

/** Who answered: an active guardian (a Beacon user) or an emergency contact (from their text's link or a call). */
export const RESPONDER_KINDS = ['guardian', 'contact'] as const;
export type ResponderKind = (typeof RESPONDER_KINDS)[number];

/**
 * One escalation step. A round is `push_again` (guardians' browsers), `text_again` (every contact, marked STILL NO
 * RESPONSE), `call` (the primary contact), repeated from `text_again` every ALERT_ESCALATION.repeatEverySeconds
 * up to ALERT_ESCALATION.maxRounds.
 */
export const ESCALATION_STEPS = ['push_again', 'text_again', 'call'] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/**
 * How an escalation call ended: `answered` (a person picked up; pressing 1 is an `acknowledged` response),
 * `voicemail` (an answering machine: never an answer), `no_answer`, `busy`, `failed`.
 */
export const CALL_OUTCOMES = ['answered', 'voicemail', 'no_answer', 'busy', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What an entry of an alert's timeline records. */
export const TIMELINE_KINDS = ['raised', 'responded', 'escalated', 'call_outcome', 'resolved'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * The escalation ladder's timing. `defaultSeconds` is ALERT_ESCALATION_SECONDS (the server's default); each person
 * may choose their own in Emergency Settings, never below `minSeconds`.
 */
export const ALERT_ESCALATION = {
  defaultSeconds: 120,
  minSeconds: 30,
  maxSeconds: 1800,
  /** After the first round, the texts and the call are repeated this often… */
  repeatEverySeconds: 300,
  /** …up to this many rounds in all. */
  maxRounds: 3,
  /** Within a round the call comes this long after the texts, so a contact can answer a text first. */
  callAfterSeconds: 30,
  /**
   * Escalation calls one person's alerts may place per clock hour (past it a call step places none): a genuine
   * alert's whole ladder uses `maxRounds`, and nobody can point unlimited calls at a number they saved.
   */
  callsPerPersonPerHour: 6,
} as const;
