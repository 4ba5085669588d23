/** Whether Beacon is on screen: a locked phone, another app in front or a hidden tab make it `hidden`. */
export type PageVisibility = {
  isVisible(): boolean;
  subscribe(onChange: () => void): () => void;
};

export const browserPageVisibility: PageVisibility = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe(onChange) {
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  },
};
