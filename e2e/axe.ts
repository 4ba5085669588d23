import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * axe with the WCAG 2.2 AA rules, shared by the accessibility spec and the specs that reach a screen's states
 * (the active-alert screen, the guardian's banners). A serious or critical finding fails the test; the rest are
 * attached to the report.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export type Finding = { where: string; rule: string; impact: string; targets: string[] };

/**
 * The rules of those tags whose outcome the colour scheme can change: text against its background, and links told
 * apart from the text around them by colour. Every other rule reads names, roles, structure and layout, which a
 * theme leaves as they are (it is a class on <html> that changes colours). So a state scanned in full in one theme
 * needs only these in the other; every screen and dialog is still scanned in full in both themes by
 * accessibility.spec.ts.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * `toasts`: scan the toasts too. `within`: only that part of the page, for a state that does not last (a scan of
 * the whole page on a busy machine can outlast the 10 s SOS countdown). `colourOnly`: only COLOUR_RULES.
 */
export type ScanOptions = { toasts?: boolean; within?: string; colourOnly?: boolean };

/**
 * What AxeBuilder evaluates as axe's source before each scan: nothing, as `loadAxe` has put axe in the page. Left to
 * itself, AxeBuilder evaluates axe's whole source (half a megabyte) twice a scan in legacy mode — measured on the
 * dashboard, 0.66–0.69 CPU-seconds a scan against 0.21–0.34 with axe loaded once per page.
 */
const AXE_ALREADY_LOADED = 'void 0';

/** Puts axe-core in the page, once per document: a navigation or reload starts a page without it. */
async function loadAxe(page: Page): Promise<void> {
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axe.source);
}

/**
 * Toasts come and go while the screens are scanned; caught mid-fade, their text reads as low-contrast. They are
 * left out of the screen scans and scanned once on their own, settled (`toasts: true`).
 */
export async function scan(
  page: Page,
  where: string,
  findings: Finding[],
  testInfo: TestInfo,
  { toasts = false, within, colourOnly = false }: ScanOptions = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself. The default runs it in each frame and then opens a blank page to put
  // the frames' results together, which costs Chromium a new renderer per scan: measured on the dashboard, 1.42
  // against 0.60 CPU-seconds a scan, over ~200 scans a run. Beacon's pages have no frames for it to lose.
  await loadAxe(page);
  const builder = new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED }).setLegacyMode(true);
  if (colourOnly) builder.withRules(COLOUR_RULES);
  else builder.withTags(WCAG_TAGS);
  if (within) builder.include(within);
  const result = await (toasts ? builder : builder.exclude('[data-sonner-toaster]')).analyze();
  for (const violation of result.violations) {
    findings.push({
      where,
      rule: `${violation.id}: ${violation.help}`,
      impact: violation.impact ?? 'unknown',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    });
  }
  await testInfo.attach(`axe-${where.replace(/[^a-z0-9]+/gi, '-')}`, {
    body: JSON.stringify(result.violations, null, 2),
    contentType: 'application/json',
  });
}

export function expectNoSeriousFindings(findings: Finding[]): void {
  const serious = findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** Scans the page as it is now and fails at once on a serious or critical finding. */
export async function expectAccessible(
  page: Page,
  where: string,
  testInfo: TestInfo,
  options: ScanOptions = {},
): Promise<void> {
  const findings: Finding[] = [];
  await scan(page, where, findings, testInfo, options);
  expectNoSeriousFindings(findings);
}
