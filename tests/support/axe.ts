/**
 * axe-core, as every accessibility test runs it: all rules, no exclusion.
 * Returns one readable line per violation, with its elements, so `expect(...).toEqual([])` shows them.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** The axe violations on the page, or within `include` (a CSS selector) only. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // axe reads every element's box once, before it checks. The parts that content-visibility: auto skips
  // (on /api) are laid out as axe reads them, which moves what follows, so axe would see overlaps no reader
  // sees, and blend a code's background twice. So every part is laid out first, as it is for a reader who
  // has reached it.
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('*')))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
  const builder = new AxeBuilder({page});
  const {violations} = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
  );
}
