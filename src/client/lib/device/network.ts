/** Online/offline status from the browser's online and offline events. */
export type NetworkAdapter = {
  isOnline(): boolean;
  subscribe(onChange: (online: boolean) => void): () => void;
};

export const browserNetwork: NetworkAdapter = {
  isOnline: () => navigator.onLine,
  subscribe(onChange) {
    const online = (): void => onChange(true);
    const offline = (): void => onChange(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
