import type {Locator, Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';
import {hasVisibleFocus, tabTo} from '../support/keyboard';
import {API_ROUTE, MONOREPO_URL} from '../../site.constants';

// Below the 996 px breakpoint the navbar items move into a sidebar opened from a menu button.
test.use({viewport: {width: 375, height: 740}});

const openButton = (page: Page) => page.getByRole('button', {name: 'Toggle navigation bar'});
const closeButton = (page: Page) => page.getByRole('button', {name: 'Close navigation bar'});
const backButton = (page: Page) => page.getByRole('button', {name: '← Back to main menu'});
const mobileSidebar = (page: Page) => page.locator('.navbar-sidebar');
/** The two panels of the mobile sidebar: the primary (navbar) menu and the secondary (docs sidebar) menu. */
const panels = (page: Page) => mobileSidebar(page).locator('.theme-layout-navbar-sidebar-panel');
const primary = (page: Page) => panels(page).nth(0);
const secondary = (page: Page) => panels(page).nth(1);

/** A panel the reader can see and use: on screen (the other one slides off it) and not inert. */
async function expectShown(panel: Locator) {
  await expect(panel).toBeInViewport();
  await expect(panel).not.toHaveAttribute('inert');
}
async function expectNotShown(panel: Locator) {
  await expect(panel).not.toBeInViewport();
  await expect(panel).toHaveAttribute('inert');
}

async function expectPrimaryMenu(page: Page) {
  await expectShown(primary(page));
  await expect(primary(page).getByRole('link', {name: 'Documentation'})).toHaveAttribute('href', '/docs/ODE');
  await expect(primary(page).getByRole('link', {name: 'API', exact: true})).toHaveAttribute('href', API_ROUTE);
  await expect(primary(page).getByRole('link', {name: /^GitHub/})).toHaveAttribute('href', MONOREPO_URL);
}

test('the desktop navbar items give way to a menu button', async ({page}) => {
  await page.goto('/');
  await expectHydrated(page);
  await expect(openButton(page)).toBeVisible();
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API', exact: true})).toBeHidden();
});

test('on the home page the menu opens with the primary menu, whose links work, and closes', async ({page}) => {
  await page.goto('/');
  await expectHydrated(page);
  await expect(openButton(page)).toHaveAttribute('aria-expanded', 'false');
  await openButton(page).click();
  await expectPrimaryMenu(page);
  await closeButton(page).click();
  await expect(mobileSidebar(page)).toBeHidden();

  await openButton(page).click();
  await primary(page).getByRole('link', {name: 'Documentation'}).click();
  await expect(page).toHaveURL(/\/docs\/ODE$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
  await expect(mobileSidebar(page)).toBeHidden();
});

test('on a docs page the menu opens on the docs sidebar, goes back to the main menu, and closes', async ({page}) => {
  await page.goto('/docs/documentation/synkronus/app-bundle');
  await expectHydrated(page);
  await openButton(page).click();

  await expectShown(secondary(page));
  await expectNotShown(primary(page));
  await expect(backButton(page)).toBeVisible();
  await expect(secondary(page).locator('[aria-current="page"]')).toHaveText('App bundle');

  await backButton(page).click();
  await expectPrimaryMenu(page);
  await expectNotShown(secondary(page));

  await closeButton(page).click();
  await expect(mobileSidebar(page)).toBeHidden();

  // Opened again on a docs page, it shows the docs menu, whose links work and close the menu.
  await openButton(page).click();
  await expectShown(secondary(page));
  await secondary(page).getByRole('link', {name: 'Synkronus CLI'}).click();
  await expect(page).toHaveURL(/\/docs\/documentation\/synkronus-cli\/cli$/);
  await expect(mobileSidebar(page)).toBeHidden();

  await openButton(page).click();
  await expectShown(secondary(page));
  await expect(secondary(page).locator('[aria-current="page"]')).toHaveText('Synkronus CLI');
  await closeButton(page).click();
  await expect(mobileSidebar(page)).toBeHidden();
  await expect(openButton(page)).toBeVisible();
});

test('the whole menu works from the keyboard, with visible focus', async ({page}) => {
  await page.goto('/docs/documentation/synkronus/app-bundle');
  await expectHydrated(page);
  await tabTo(page, openButton(page));
  expect(await hasVisibleFocus(openButton(page)), 'the focused menu button should show a focus indicator').toBe(true);

  await page.keyboard.press('Enter');
  await expectShown(secondary(page));
  await tabTo(page, backButton(page));
  expect(await hasVisibleFocus(backButton(page)), 'the focused back button should show a focus indicator').toBe(true);
  await page.keyboard.press('Space');
  await expectPrimaryMenu(page);
  // The primary menu sits before the docs menu: Shift+Tab reaches its links, then the close button.
  await tabTo(page, primary(page).getByRole('link', {name: 'Documentation'}), {backwards: true});
  expect(await hasVisibleFocus(primary(page).getByRole('link', {name: 'Documentation'}))).toBe(true);
  await tabTo(page, closeButton(page), {backwards: true});
  await page.keyboard.press('Enter');
  await expect(mobileSidebar(page)).toBeHidden();
});

test('a reader who opens the menu before the page is idle gets it at once', async ({page}) => {
  // The page never turns idle here, so the menu is built only by the reader's press.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto('/');
  await expectHydrated(page);
  await expect(mobileSidebar(page)).toHaveCount(0);
  await openButton(page).click();
  await expectPrimaryMenu(page);
  await closeButton(page).click();
  await expect(mobileSidebar(page)).toBeHidden();
});
