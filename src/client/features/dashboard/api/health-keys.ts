/** The server health check's key; the one query that is not personal (kept across sign-outs). */
export const healthKeys = {
  all: ['health'] as const,
};
