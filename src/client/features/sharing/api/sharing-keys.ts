/** Every query key of the sharing feature. */
export const sharingKeys = {
  all: ['sharing'] as const,
  views: (userId: string) => [...sharingKeys.all, 'views', userId] as const,
};
