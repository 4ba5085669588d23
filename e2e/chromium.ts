/**
 * Debian's Chromium and the flags it needs headless on this kind of machine (no sandbox, no GPU, nothing fetched in
 * the background), for the browser tests and the Lighthouse bench alike.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
