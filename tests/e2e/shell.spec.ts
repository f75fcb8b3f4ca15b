import type {Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';
import {ANNOUNCEMENT_ID} from '../../site.constants';

test.describe('skip to main content', () => {
  for (const path of ['/', '/docs/ODE']) {
    test(`${path}: the first Tab reaches the skip link, which moves focus into the main content`, async ({page}) => {
      await page.goto(path);
      await expectHydrated(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      // Docusaurus focuses <main> for a moment (Chromium then drops focus from it as it has no
      // tabindex), which moves the keyboard's starting point there: the next Tab reaches the first
      // focusable element of the main content, past the announcement bar and the navbar.
      await page.keyboard.press('Tab');
      const firstInMain = await page.getByRole('main').evaluate((main) => {
        const focusable = main.querySelector<HTMLElement>(
          'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
        );
        return focusable === document.activeElement;
      });
      expect(
        firstInMain,
        `on ${path}, Tab after the skip link should reach the first focusable element of <main>`,
      ).toBe(true);
      await expect(page.locator(':focus')).toBeInViewport();
    });
  }
});

test.describe('announcement bar', () => {
  const bar = (page: Page) => page.getByRole('banner').filter({hasText: 'Formulus Android pre-release'});

  test('announces the Formulus Android pre-release with a link to its guide', async ({page}) => {
    await page.goto('/');
    await expect(bar(page)).toBeVisible();
    await bar(page)
      .getByRole('link', {name: /install it/})
      .click();
    await expect(page).toHaveURL(/\/docs\/quick-start\/formulus-prerelease-android$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/pre-release/);
  });

  test('stays closed after a reload, and comes back when the bar id changes', async ({page}) => {
    await page.goto('/docs/ODE');
    await expectHydrated(page);
    await bar(page).getByRole('button', {name: 'Close'}).click();
    await expect(bar(page)).toBeHidden();

    await page.reload();
    await expectHydrated(page);
    await expect(bar(page)).toBeHidden();
    await page.goto('/');
    await expectHydrated(page);
    await expect(bar(page)).toBeHidden();

    // A deploy with a new bar id: the id the reader's browser remembers is now an old one.
    const idKey = await page.evaluate(() =>
      Object.keys(localStorage).find((k) => k.startsWith('docusaurus.announcement.id')),
    );
    expect(idKey, 'Docusaurus should store the id of the bar the reader has seen').toBeTruthy();
    expect(await page.evaluate((key) => localStorage.getItem(key), idKey!)).toBe(ANNOUNCEMENT_ID);
    await page.evaluate((key) => localStorage.setItem(key, 'an-earlier-announcement'), idKey!);
    await page.reload();
    await expectHydrated(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText('Formulus Android pre-release');
  });
});

test.describe('navbar on scroll', () => {
  test('hides when scrolling down past its height and reappears on scrolling up', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 480});
    await page.goto('/docs/ODE');
    await expectHydrated(page);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    const {scrollable, navbarHeight} = await page.evaluate(() => ({
      scrollable: document.documentElement.scrollHeight - window.innerHeight,
      navbarHeight: document.querySelector('.navbar')!.getBoundingClientRect().height,
    }));
    expect(scrollable, '/docs/ODE should be long enough to scroll well past the navbar').toBeGreaterThan(
      4 * navbarHeight,
    );

    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, navbarHeight / 2);
    await expect(navbar, 'still visible before scrolling past its own height').toBeInViewport();
    await page.mouse.wheel(0, 2 * navbarHeight);
    await expect(navbar).not.toBeInViewport();
    await page.mouse.wheel(0, navbarHeight);
    await expect(navbar).not.toBeInViewport();
    await page.mouse.wheel(0, -navbarHeight);
    await expect(navbar).toBeInViewport();
  });
});
