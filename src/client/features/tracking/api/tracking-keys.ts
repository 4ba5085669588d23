/** Every query key of the tracking feature. */
export const shareLinkKeys = {
  all: ['share-links'] as const,
  list: (userId: string | undefined) => [...shareLinkKeys.all, userId ?? 'anonymous'] as const,
};

/** The public tracking page of one share link (no account). */
export const trackKeys = {
  all: ['track'] as const,
  share: (shareCode: string) => [...trackKeys.all, shareCode] as const,
};
