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

/**
 * The features Playwright 1.65 turns off in every Chromium it launches (its `chromiumSwitches`), written out here
 * because Chromium keeps only the last `--disable-features` on its command line: a list of our own passed after
 * Playwright's would switch these back on. `e2e/browser-flags.spec.ts` fails when the browser's command line holds
 * a name this list lacks (a Playwright upgrade that adds one).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 still builds a browser window's address bar for every new browser context, and with it two
 * omnibox pop-ups made of web pages (`chrome://omnibox-popup.top-chrome/`, one of them for "AI mode"), each in a
 * renderer of its own that nobody ever sees. Measured on this machine: five contexts loading the app cost 12.3–12.6
 * CPU-seconds with them and 5.9–6.0 without, and every test opens at least one context.
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** For Playwright's launches only: another launcher (Lighthouse's) has a list of its own this would replace. */
export const PLAYWRIGHT_CHROMIUM_FLAGS: readonly string[] = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(',')}`,
];
