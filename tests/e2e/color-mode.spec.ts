import type {Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';
import {hasVisibleFocus, tabTo} from '../support/keyboard';

const toggle = (page: Page) => page.getByRole('button', {name: /^Switch between dark and light mode/});
const label = (mode: string) => `Switch between dark and light mode (currently ${mode})`;
const html = (page: Page) => page.locator('html');

async function expectMode(page: Page, choice: 'system mode' | 'light mode' | 'dark mode', theme: 'light' | 'dark') {
  await expect(toggle(page)).toHaveAccessibleName(label(choice));
  await expect(html(page)).toHaveAttribute('data-theme', theme);
}

async function reload(page: Page) {
  await page.reload();
  await expectHydrated(page);
}

for (const system of ['light', 'dark'] as const) {
  test(`with the system preference ${system}, the toggle cycles system → light → dark → system and the choice persists`, async ({
    page,
  }) => {
    await page.emulateMedia({colorScheme: system});
    await page.goto('/docs/ODE');
    await expectHydrated(page);
    await expectMode(page, 'system mode', system);

    await toggle(page).click();
    await expectMode(page, 'light mode', 'light');
    await reload(page);
    await expectMode(page, 'light mode', 'light');

    await toggle(page).click();
    await expectMode(page, 'dark mode', 'dark');
    await reload(page);
    await expectMode(page, 'dark mode', 'dark');

    await toggle(page).click();
    await expectMode(page, 'system mode', system);
    await reload(page);
    await expectMode(page, 'system mode', system);
  });
}

test('in system mode the site follows a change of the system preference; a fixed choice does not', async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/');
  await expectMode(page, 'system mode', 'light');
  await page.emulateMedia({colorScheme: 'dark'});
  await expectMode(page, 'system mode', 'dark');

  await toggle(page).click(); // light
  await page.emulateMedia({colorScheme: 'light'});
  await page.emulateMedia({colorScheme: 'dark'});
  await expectMode(page, 'light mode', 'light');
});

test('the toggle is reached with Tab, shows its focus and works with Enter and Space', async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/');
  await expectHydrated(page);
  await tabTo(page, toggle(page));
  expect(await hasVisibleFocus(toggle(page)), 'the focused colour-mode toggle should show a focus indicator').toBe(
    true,
  );

  await page.keyboard.press('Enter');
  await expectMode(page, 'light mode', 'light');
  await page.keyboard.press('Space');
  await expectMode(page, 'dark mode', 'dark');
  await page.keyboard.press('Enter');
  await expectMode(page, 'system mode', 'light');
  await expect(toggle(page)).toBeFocused();
});
