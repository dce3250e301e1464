// Accessibility check of the browser tests: axe-core (through @axe-core/playwright) on the page as
// it stands, failing on any serious or critical violation with the rule, the nodes and axe's hint.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export interface AxeCheckOptions {
  /** CSS selectors of parts to leave out (e.g. a third-party frame). */
  exclude?: readonly string[];
}

/** Fails the test if axe-core finds a serious or critical violation on `page` now. */
export async function expectNoSeriousAxeViolations(
  page: Page,
  screen: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    // Legacy mode runs axe in every frame without opening a helper page (the newer mode's
    // `newPage` fails in these contexts: "Failed to find browser context").
    // Colours are read as they end: a transition running now (a card restyled by a live update, a
    // hover) would show axe a blend of two styles. Endless animations (spinners) are not waited on.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    let builder = new AxeBuilder({ page }).setLegacyMode(true);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const results = await builder.analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    const report = serious.map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}):\n` +
        violation.nodes
          .map(
            (node) => `  ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, ' ')}`,
          )
          .join('\n'),
    );
    expect(report, `serious or critical axe-core violations on ${screen}`).toEqual([]);
  });
}
