import {test, expect, expectHydrated} from '../support/fixtures';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {axeViolations} from '../support/axe';

/** axe-core on every route of the site, in light and in dark mode: zero violations. */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${colorScheme} mode`, () => {
    for (const route of SPEC_ROUTES) {
      test(`${route.path} has no axe violations`, async ({page}) => {
        // axe over a whole page is the heaviest step of the suite: the API reference's ~10,000 elements, and
        // the longest guides (sync-client-code, with both cores loaded by stress-ng, ran past the default
        // limit once in 1,347). A bound, not a speed: three times the default limit (test.slow()).
        test.slow();
        // No stored choice: the site follows the emulated system preference.
        await page.emulateMedia({colorScheme});
        await page.goto(route.path);
        await expectHydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);

        expect(await axeViolations(page), `axe violations on ${route.path} in ${colorScheme} mode`).toEqual([]);
      });
    }
  });
}
