/** Browser geolocation behind a small interface, so tests and the permission screen can fake it. */
export type Position = { latitude: number; longitude: number; accuracy: number };

export type GeolocationAdapter = {
  /** Resolves with one position, or rejects with the browser's GeolocationPositionError (or an Error). */
  getCurrentPosition(options: { timeoutMs: number; highAccuracy?: boolean }): Promise<Position>;
};

export const browserGeolocation: GeolocationAdapter = {
  getCurrentPosition({ timeoutMs, highAccuracy = true }) {
    return new Promise((resolve, reject) => {
      if (!('geolocation' in navigator)) {
        reject(new Error('Geolocation is not supported'));
        return;
      }
      navigator.geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
        reject,
        { enableHighAccuracy: highAccuracy, timeout: timeoutMs, maximumAge: 0 },
      );
    });
  },
};
