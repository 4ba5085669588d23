/** What every trace of the corpus says about itself. */
export type TraceInfo = {
  /** Stable name, also its seed. */
  id: string;
  kind: 'motion' | 'sound' | 'voice';
  /** danger: something a detector must notice; everyday: something it must let be. */
  label: 'danger' | 'everyday';
  /** A few words for tables. */
  title: string;
  /** How it was modelled, with the figures used. */
  description: string;
  /** Simulated length. */
  durationS: number;
  /** Traces made of repeated events (drops, put-downs): what one event is called, for "fired on N of M". */
  eventNoun?: string;
};
