/**
 * axe-core, as every accessibility test runs it: all rules, no exclusion.
 * Returns one readable line per violation, with its elements, so `expect(...).toEqual([])` shows them.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** The axe violations on the page, or within `include` (a CSS selector) only. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({page});
  const {violations} = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
  );
}
