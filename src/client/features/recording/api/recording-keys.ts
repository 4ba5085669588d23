/** Every query key of the recording feature. */
export const recordingKeys = {
  all: ['recordings'] as const,
  /** The person's own recordings (GET /api/recordings). */
  own: (userId: string | undefined) => [...recordingKeys.all, 'own', userId ?? 'anonymous'] as const,
  /** One recording as the signed-in person sees it (GET /api/recordings/:id). */
  detail: (id: string) => [...recordingKeys.all, 'detail', id] as const,
  /** Who watched it (owner only). */
  views: (id: string) => [...recordingKeys.all, 'views', id] as const,
};
