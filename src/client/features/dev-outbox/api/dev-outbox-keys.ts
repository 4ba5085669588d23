/** The dev SMS outbox's query key. */
export const devOutboxKeys = {
  sms: ['dev', 'sms-outbox'] as const,
};
