import AxeBuilder from '@axe-core/playwright';
import {test, expect} from '../support/fixtures';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {disabledAxeRules} from '../support/a11y-exclusions';

/** axe-core on every route of the specification, in light and in dark mode: zero violations. */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${colorScheme} mode`, () => {
    for (const route of SPEC_ROUTES) {
      test(`${route.path} has no axe violations`, async ({page}) => {
        // No stored choice: the site follows the emulated system preference.
        await page.emulateMedia({colorScheme});
        await page.goto(route.path);
        await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);

        // The only exclusions are the rules listed, with their reasons, in support/a11y-exclusions.ts.
        const {violations} = await new AxeBuilder({page}).disableRules(disabledAxeRules(route.path)).analyze();
        const report = violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
        );
        expect(report, `axe violations on ${route.path} in ${colorScheme} mode`).toEqual([]);
      });
    }
  });
}
