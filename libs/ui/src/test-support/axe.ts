import axe from 'axe-core';

/**
 * Runs axe-core on a rendered part (jsdom) and fails with the rule ids and
 * targets of any serious or critical violation. Rules jsdom cannot judge
 * (colour contrast needs layout) and page-level rules (landmarks of a whole
 * page) are left to the browser tests.
 */
export async function expectNoSeriousAxeViolations(context: Element = document.body) {
  const results = await axe.run(context, {
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: false },
    },
  });
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  if (report.length > 0) {
    throw new Error(`Serious accessibility violations (axe-core):\n${report.join('\n')}`);
  }
}
