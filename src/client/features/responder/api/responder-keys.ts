/** Every query key of the responder feature: the contact's page of one responder code (no account). */
export const responderKeys = {
  all: ['responder'] as const,
  page: (code: string) => [...responderKeys.all, code] as const,
};
